import type { Cancel, Clock } from '../clock';
import { type LocalUnlockMethodName, localUnlockMethod } from '../lock/localUnlock';
import type { SimulatedLock } from '../lock/lock';
import { lockSupports } from '../lock/lockKind';

/** What happens at the doors, and how often (weights). A wrong passcode is a failed attempt. */
const HAPPENINGS: ReadonlyArray<readonly [LocalUnlockMethodName | 'wrongPasscode', number]> = [
  ['passcode', 30],
  ['card', 25],
  ['fingerprint', 20],
  ['app', 15],
  ['mechanicalKey', 5],
  ['wrongPasscode', 5],
];

const APP_USERS = ['alice@example.com', 'bob@example.com', 'chen@example.com', 'dana@example.com'];

export interface TrickleOptions {
  /** The average pause between two happenings, in seconds. */
  seconds: number;
  locks: () => SimulatedLock[];
  clock: Clock;
  random: () => number;
  log: (message: string) => void;
}

function pick<T>(items: readonly T[], random: () => number): T | undefined {
  return items[Math.floor(random() * items.length)];
}

function pickWeighted<T>(items: ReadonlyArray<readonly [T, number]>, random: () => number): T | undefined {
  let roll = random() * items.reduce((sum, [, weight]) => sum + weight, 0);
  for (const [item, weight] of items) {
    roll -= weight;
    if (roll < 0) return item;
  }
  return items.at(-1)?.[0];
}

/** One thing happening at one lock: someone opens it (auto-lock follows) or types a wrong passcode. */
export function happenAtRandomLock(locks: SimulatedLock[], random: () => number): string | undefined {
  const lock = pick(
    locks.filter((candidate) => !candidate.isParkingLock),
    random,
  );
  if (!lock) return undefined;
  const possible = HAPPENINGS.filter(([what]) => {
    if (what === 'wrongPasscode') return lockSupports(lock.kind, 'passcode');
    const method = localUnlockMethod(what);
    if (method.feature !== undefined && !lockSupports(lock.kind, method.feature)) return false;
    // Someone opens with a credential the lock stores and takes now (the cloud may have deleted them all).
    return method.credential === undefined || lock.validCredentials(method.credential).length > 0;
  });
  const what = pickWeighted(possible, random);
  if (!what) return undefined;
  if (what === 'wrongPasscode') {
    lock.localUnlock({ method: 'passcode', credential: String(100000 + Math.floor(random() * 900000)), valid: false });
  } else {
    lock.localUnlock({ method: what, ...(what === 'app' ? { username: pick(APP_USERS, random) } : {}) });
  }
  return `${what} at ${lock.mac}`;
}

/** Every ~`seconds` (at random, 0.5 to 1.5 times) something happens at some lock. */
export function startTrickle(options: TrickleOptions): Cancel {
  let cancel: Cancel | undefined;
  const next = () => {
    cancel = options.clock.schedule(
      () => {
        const happened = happenAtRandomLock(options.locks(), options.random);
        if (happened) options.log(`trickle: ${happened}`);
        next();
      },
      options.seconds * 1000 * (0.5 + options.random()),
    );
  };
  next();
  return () => cancel?.();
}
