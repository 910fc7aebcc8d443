import {
  CredentialKind,
  type LockCredentialKind,
  RECORD_TYPES_OF_QUERY,
  RecordQueryType,
  type UploadedRecord,
} from '@smartlock/contract';
import type { Executor } from '../../db/client';
import { credentialsWithNumbers, keysSentTo, passcodesWithCodes } from './lockRecordQueries';

/** Who and what is behind a record, as stored with it. */
export interface RecordPerson {
  person: string;
  credentialKind: string | null;
  credentialId: number | null;
}

/** What a record type names: an eKey (by its holder's account), a passcode, or a lock credential of a kind. */
type Resolver = { by: 'ekey' } | { by: 'passcode' } | { by: 'lockCredential'; kind: LockCredentialKind };

/** The record query types whose records name a credential of a kind the lock stores. */
const LOCK_CREDENTIAL_QUERIES: [number, LockCredentialKind][] = [
  [RecordQueryType.card, 'card'],
  [RecordQueryType.fingerprint, 'fingerprint'],
  [RecordQueryType.face, 'face'],
  [RecordQueryType.palmVein, 'palmVein'],
  [RecordQueryType.qrCode, 'qrCode'],
  [RecordQueryType.qrUserCheck, 'qrCode'],
  [RecordQueryType.keyFob, 'keyFob'],
];

/** Record type → how to find who is behind it (RECORD_TYPES_OF_QUERY read the other way). */
const RESOLVER_OF_TYPE: ReadonlyMap<number, Resolver> = (() => {
  const map = new Map<number, Resolver>();
  const add = (queryType: number, resolver: Resolver) => {
    for (const type of RECORD_TYPES_OF_QUERY[queryType] ?? []) map.set(type, resolver);
  };
  add(RecordQueryType.eKey, { by: 'ekey' });
  add(RecordQueryType.passcode, { by: 'passcode' });
  for (const [queryType, kind] of LOCK_CREDENTIAL_QUERIES) add(queryType, { by: 'lockCredential', kind });
  return map;
})();

const credentialKey = (kind: string, number: string) => `${kind}\u0000${number}`;

/**
 * Who is behind each record of a batch, in three queries at most whatever the batch's size: the
 * lock's eKey sent to the account the record names (case-insensitive, the newest), the lock's
 * passcode with the code typed (the newest), or the lock's card, fingerprint, face, palm vein,
 * QR code or key fob with that number (the newest). Unresolved: the username, no credential.
 */
export async function resolvePeople(db: Executor, lockId: number, records: UploadedRecord[]): Promise<RecordPerson[]> {
  const accounts = new Set<string>();
  const codes = new Set<string>();
  const numbers = new Map<LockCredentialKind, Set<string>>();
  for (const r of records) {
    const resolver = RESOLVER_OF_TYPE.get(r.recordType);
    if (resolver?.by === 'ekey' && r.username) accounts.add(r.username.toLowerCase());
    if (resolver?.by === 'passcode' && r.credential) codes.add(r.credential);
    if (resolver?.by === 'lockCredential' && r.credential) {
      const set = numbers.get(resolver.kind) ?? new Set<string>();
      set.add(r.credential);
      numbers.set(resolver.kind, set);
    }
  }

  const keyOf = new Map<string, { id: number; person: string }>();
  if (accounts.size > 0) {
    const rows = await keysSentTo(db, lockId, [...accounts]);
    for (const row of rows) {
      const account = row.account.toLowerCase();
      if (!keyOf.has(account)) keyOf.set(account, { id: row.id, person: row.nickname || row.account });
    }
  }

  const passcodeOf = new Map<string, { id: number; name: string }>();
  if (codes.size > 0) {
    const rows = await passcodesWithCodes(db, lockId, [...codes]);
    for (const row of rows) if (!passcodeOf.has(row.code)) passcodeOf.set(row.code, row);
  }

  const credentialOf = new Map<string, { id: number; name: string }>();
  if (numbers.size > 0) {
    const allNumbers = new Set([...numbers.values()].flatMap((set) => [...set]));
    const rows = await credentialsWithNumbers(db, lockId, [...numbers.keys()], [...allNumbers]);
    for (const row of rows) {
      const key = credentialKey(row.kind, row.number);
      if (!credentialOf.has(key)) credentialOf.set(key, row);
    }
  }

  return records.map((r) => {
    const username = r.username ?? '';
    const unresolved: RecordPerson = { person: username, credentialKind: null, credentialId: null };
    const resolver = RESOLVER_OF_TYPE.get(r.recordType);
    if (!resolver) return unresolved;
    if (resolver.by === 'ekey') {
      const key = username ? keyOf.get(username.toLowerCase()) : undefined;
      return key ? { person: key.person, credentialKind: CredentialKind.eKey, credentialId: key.id } : unresolved;
    }
    if (!r.credential) return unresolved;
    if (resolver.by === 'passcode') {
      const found = passcodeOf.get(r.credential);
      return found
        ? { person: found.name || username, credentialKind: CredentialKind.passcode, credentialId: found.id }
        : unresolved;
    }
    const found = credentialOf.get(credentialKey(resolver.kind, r.credential));
    return found
      ? { person: found.name || username, credentialKind: CredentialKind[resolver.kind], credentialId: found.id }
      : unresolved;
  });
}
