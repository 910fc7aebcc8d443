import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { extendFleet } from './fleetPlan';
import { emptyFleetState } from './fleetState';
import { Persister, StateFile } from './stateFile';

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

  it('is written shortly after every change, several changes at once', async () => {
    const file = new StateFile(fileIn());
    let snapshots = 0;
    const persister = new Persister(
      file,
      () => ({ ...emptyFleetState(), account: `write ${++snapshots}` }),
      () => {},
    );
    persister.changed();
    persister.changed();
    expect(existsSync(file.path)).toBe(false);
    await sleep(5);
    expect(JSON.parse(readFileSync(file.path, 'utf8')).account).toBe('write 1');
    persister.changed();
    persister.abandon();
    await sleep(30);
    expect(snapshots).toBe(1);
  });
});
