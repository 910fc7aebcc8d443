/**
 * The cloud's account of who can open a lock when (apps/server/src/domains/access/accessRules.ts,
 * which its SQL is held to) against the simulated lock's own checks, over generated cases: a
 * card's or a custom passcode's validity and cycle (`admitsAt`), an eKey's grant (`EKeyMemory`),
 * passage mode (the lock itself, with all-day passage). They never differ.
 */
import { type EKeyCycle, EKeyStatus, PasscodeStatus, PasscodeType, ValidityType } from '@smartlock/contract';
import { describe, expect, it } from 'vitest';
import { credentialRule, eKeyRule, passageRule, passcodeRule } from '../../../server/src/domains/access/accessRules';
import { seededRandom } from '../../../server/src/test/humanDrag';
import { ManualClock } from '../clock';
import { admitsAt, type StoredCredential } from './credentials';
import { EKeyMemory } from './eKeys';
import { SimulatedLock } from './lock';
import { newLockSnapshot } from './lockSnapshot';

const DAY = 86_400_000;
const AROUND = Date.UTC(2026, 10, 27, 12, 0, 0);
const OFFSETS = [0, 8 * 3_600_000, -5 * 3_600_000, 5.5 * 3_600_000, 12.75 * 3_600_000, -9.5 * 3_600_000];
const CASES = 4000;

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

function cycleOf(random: Random): EKeyCycle {
  const weekDays = [1, 2, 3, 4, 5, 6, 7].filter(() => random() < 0.45);
  const startMinute = Math.floor(random() * 1439);
  return {
    weekDays: weekDays.length > 0 ? weekDays : [4],
    startMinute,
    endMinute: startMinute + 1 + Math.floor(random() * (1440 - startMinute)),
  };
}

/** A moment near the span's edges or anywhere around. */
function momentNear(random: Random, edges: (number | undefined)[]): number {
  const edge = pick(random, edges);
  if (edge !== undefined && random() < 0.3) return edge + pick(random, [-1, 0, 1]);
  return AROUND + Math.floor((random() - 0.5) * 30 * DAY);
}

function spanOf(random: Random) {
  const start = AROUND + Math.floor((random() - 0.5) * 20 * DAY);
  const end = start + 1 + Math.floor(random() * 8 * DAY);
  return { start: random() < 0.2 ? undefined : start, end: random() < 0.2 ? undefined : end };
}

describe('the cloud decides as the lock does', () => {
  it('for cards, fingerprints and the other stored credentials, and custom passcodes (validity and cycle)', () => {
    const random = seededRandom(1);
    for (let i = 0; i < CASES; i++) {
      const offset = pick(random, OFFSETS);
      const { start, end } = spanOf(random);
      const cycle = random() < 0.5 ? cycleOf(random) : undefined;
      const stored: StoredCredential = {
        id: 1,
        kind: 'card',
        value: '1',
        ...(start !== undefined ? { startDate: start } : {}),
        ...(end !== undefined ? { endDate: end } : {}),
        ...(cycle ? { cycle } : {}),
      };
      const moment = momentNear(random, [start, end]);
      const card = { status: 1, startDate: start ?? null, endDate: end ?? null, cycle: cycle ?? null };
      const what = JSON.stringify({ stored, moment, offset });
      expect(credentialRule(card, offset).opensAt(moment), what).toBe(admitsAt(stored, moment, offset));
      if (!cycle) {
        const custom = {
          status: PasscodeStatus.normal,
          type: PasscodeType.custom,
          cycleType: null,
          cycleStartHour: null,
          cycleEndHour: null,
          startDate: start ?? null,
          endDate: end ?? null,
        };
        expect(passcodeRule(custom, offset).opensAt(moment), what).toBe(
          admitsAt({ ...stored, kind: 'passcode' }, moment, offset),
        );
      }
    }
  });

  it('for eKeys in force (the lock checks the grant its holder shows)', () => {
    const random = seededRandom(2);
    const mac = 'AA:BB:CC:00:00:09';
    for (let i = 0; i < CASES; i++) {
      const offset = pick(random, OFFSETS);
      const validityType = pick(random, Object.values(ValidityType));
      const { start, end } = spanOf(random);
      const cycle = validityType === ValidityType.cyclic || random() < 0.1 ? cycleOf(random) : undefined;
      const moment = momentNear(random, [start, end]);
      const grant = {
        v: 2 as const,
        lockMac: mac,
        keyId: 1,
        version: 1,
        username: 'holder@example.com',
        validityType,
        ...(start !== undefined ? { startDate: start } : {}),
        ...(end !== undefined ? { endDate: end } : {}),
        ...(cycle ? { cycle } : {}),
        remoteUnlock: false,
        issuedAt: moment - DAY,
        notAfter: moment + DAY,
      };
      const key = {
        status: EKeyStatus.normal,
        validityType,
        startDate: start ?? null,
        endDate: end ?? null,
        cycle: cycle ?? null,
      };
      const lockSays = new EKeyMemory().judge(grant, mac, moment, offset) === undefined;
      expect(eKeyRule(key, offset).opensAt(moment), JSON.stringify({ grant, offset })).toBe(lockSays);
    }
  });

  it('for passage mode, with and without all-day passage', () => {
    const random = seededRandom(3);
    for (let i = 0; i < CASES / 4; i++) {
      const offset = pick(random, OFFSETS);
      const periods = Array.from({ length: Math.floor(random() * 3) }, () => cycleOf(random));
      const on = random() < 0.8 ? 1 : 2;
      const allDay = random() < 0.4 ? 1 : 2;
      const moment = momentNear(random, []);
      const snapshot = newLockSnapshot({ mac: 'AA:BB:CC:00:00:0A', kind: 'door', timezoneRawOffset: offset, random });
      snapshot.passagePeriods = periods;
      snapshot.switches = { ...snapshot.switches, passageMode: on, allDayPassage: allDay };
      const lock = new SimulatedLock(snapshot, new ManualClock(moment));
      const cloud = passageRule(
        { passageMode: { passageMode: on, periods }, switches: { allDayPassage: allDay } },
        offset,
      );
      expect(cloud.opensAt(moment), JSON.stringify({ periods, on, allDay, moment, offset })).toBe(lock.inPassageMode);
      lock.dispose();
    }
  });
});
