/**
 * Console users for the load and capacity benchmarks: accounts with a few locks each, signed in
 * over HTTP (each from an address of its own), and the calls their screens make with the usual
 * weights, each a signed call with the session cookie.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type CallDefinition, ekey, gateway, lock, lockRecord, passcode, user } from '@smartlock/contract';
import type { Db } from '@smartlock/server/src/db/client';
import { insertUser } from '@smartlock/server/src/domains/user/userQueries';
import { hashPassword } from '@smartlock/server/src/security/password';
import { ROOT } from './cluster';
import { addLocks, httpLogin, httpSend } from './support';

export const BENCH_PASSWORD = 'Bench#2026x';

export interface ConsoleAccount {
  account: string;
  lockIds: number[];
}

export interface ConsoleSession extends ConsoleAccount {
  cookie: string;
  /** The address its calls come from (behind the trusted proxy). */
  address: string;
}

/** The default brand's package name (brands.json), which accounts are registered under. */
export function defaultBrand(): string {
  return JSON.parse(readFileSync(join(ROOT, 'apps/server/brands.json'), 'utf8')).default.packageName as string;
}

/** Inserts one account (password BENCH_PASSWORD, hashed once by the caller); its id. */
export async function insertAccount(db: Db, email: string, nickname: string, passwordHash: string): Promise<number> {
  const created = await insertUser(db, {
    email,
    mobile: null,
    countryId: 'AU',
    countryCode: '61',
    nickname,
    passwordHash,
    packageName: defaultBrand(),
  });
  return created.id;
}

/** `count` accounts `<prefix>-<i>@example.com`, each with `locksEach` door locks. */
export async function seedAccounts(
  db: Db,
  count: number,
  locksEach: number,
  prefix: string,
): Promise<{ accounts: ConsoleAccount[]; passwordHash: string }> {
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const accounts: ConsoleAccount[] = [];
  for (let i = 0; i < count; i++) {
    const account = `${prefix}-${i}@example.com`;
    const id = await insertAccount(db, account, `Bench ${i}`, passwordHash);
    const macPrefix =
      `${prefix.slice(-2)}:${(i >> 8).toString(16).padStart(2, '0')}:${(i & 255).toString(16).padStart(2, '0')}`.toUpperCase();
    accounts.push({ account, lockIds: await addLocks(db, id, locksEach, macPrefix) });
  }
  return { accounts, passwordHash };
}

/** Each session calls from an address of its own (behind the trusted proxy), as real users do. */
export function addressOf(i: number): string {
  return `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
}

/** Signs every account in over HTTP, 25 at a time (not measured: the password hash is slow on purpose). */
export async function signIn(api: string, accounts: ConsoleAccount[]): Promise<ConsoleSession[]> {
  const sessions: ConsoleSession[] = [];
  for (let start = 0; start < accounts.length; start += 25) {
    const batch = accounts.slice(start, start + 25).map(async (entry, k) => {
      const address = addressOf(start + k);
      return { ...entry, address, cookie: await httpLogin(api, entry.account, BENCH_PASSWORD, address) };
    });
    sessions.push(...(await Promise.all(batch)));
  }
  return sessions;
}

export interface BrowsingCall {
  name: string;
  weight: number;
  call: CallDefinition;
  params: (locks: number[]) => Record<string, string>;
}

/** What a person does in the console: the calls its screens make, with their usual weights. */
export const BROWSING: BrowsingCall[] = [
  { name: 'lock list', weight: 30, call: lock.list, params: () => ({ pageNo: '1', pageSize: '20' }) },
  { name: 'lock detail', weight: 20, call: lock.detail, params: (l) => ({ lockId: String(pick(l)) }) },
  {
    name: 'unlock records',
    weight: 20,
    call: lockRecord.list,
    params: (l) => ({ lockId: String(pick(l)), pageNo: '1', pageSize: '20' }),
  },
  {
    name: 'eKeys of a lock',
    weight: 10,
    call: ekey.list,
    params: (l) => ({ lockId: String(pick(l)), pageNo: '1', pageSize: '20' }),
  },
  {
    name: 'passcodes of a lock',
    weight: 10,
    call: passcode.list,
    params: (l) => ({ lockId: String(pick(l)), pageNo: '1', pageSize: '20' }),
  },
  { name: 'gateways', weight: 5, call: gateway.list, params: () => ({ pageNo: '1', pageSize: '20' }) },
  { name: 'account', weight: 5, call: user.getInfo, params: () => ({}) },
];
const TOTAL_WEIGHT = BROWSING.reduce((sum, b) => sum + b.weight, 0);

export function pick<T>(items: readonly T[]): T {
  return items[Math.floor(Math.random() * items.length)] as T;
}

/** One call of the mix, drawn by weight. */
export function pickCall(): BrowsingCall {
  let roll = Math.random() * TOTAL_WEIGHT;
  for (const entry of BROWSING) {
    roll -= entry.weight;
    if (roll < 0) return entry;
  }
  return BROWSING[0] as BrowsingCall;
}

/**
 * One call of the mix by a session: its name, and the error it met (a status or error code other
 * than 200/0, or the failure of the request), if any.
 */
export async function browseOnce(api: string, session: ConsoleSession): Promise<{ name: string; error?: string }> {
  const entry = pickCall();
  try {
    const { status, json } = await httpSend(api, entry.call, entry.params(session.lockIds), session);
    if (status !== 200 || json.errorCode !== 0)
      return { name: entry.name, error: `${entry.name}: ${status}/${json.errorCode}` };
    return { name: entry.name };
  } catch (error) {
    const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
    return {
      name: entry.name,
      error: `${entry.name}: ${(error as Error).message}${cause ? ` (${cause.code ?? cause.message})` : ''}`,
    };
  }
}
