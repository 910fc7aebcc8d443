import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../clock';
import { extendFleet } from './fleetPlan';
import { emptyFleetState } from './fleetState';
import { MIN_WRITE_INTERVAL_MS, Persister, StateFile } from './stateFile';

const fileIn = () => join(mkdtempSync(join(tmpdir(), 'smartlock-state-')), 'nested', 'devices.json');

describe('the state file', () => {
  it('is absent until written, then reads back what was written, leaving no temporary file', () => {
    const file = new StateFile(fileIn());
    expect(file.read()).toBeUndefined();
    const state = emptyFleetState();
    extendFleet(state, { gateways: 1, locksPerGateway: 2, kinds: ['door', 'hotel'] });
    file.write(state);
    expect(file.read()).toEqual(state);
    expect(readdirSync(join(file.path, '..'))).toEqual(['devices.json']);
  });

  it('refuses a file that is not a fleet', () => {
    const file = new StateFile(fileIn());
    file.write(emptyFleetState());
    writeFileSync(file.path, '{"version":1,"gateways":[{"mac":1}]}');
    expect(() => file.read()).toThrow(/not a device state file/);
  });

  it('is written shortly after every change, several changes at once', () => {
    // Its writes are spaced on a clock the test moves: nothing to wait for.
    const clock = new ManualClock();
    const file = new StateFile(fileIn());
    let snapshots = 0;
    const persister = new Persister(
      file,
      () => ({ ...emptyFleetState(), account: `write ${++snapshots}` }),
      () => {},
      clock,
    );
    persister.changed();
    persister.changed();
    expect(existsSync(file.path)).toBe(false);
    clock.advance(0);
    expect(JSON.parse(readFileSync(file.path, 'utf8')).account).toBe('write 1');
    persister.changed();
    persister.abandon();
    clock.advance(MIN_WRITE_INTERVAL_MS * 10);
    expect(snapshots).toBe(1);
  });
});
