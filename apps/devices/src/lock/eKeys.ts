/**
 * What a lock remembers of eKeys (docs/credentials.md): the revocations the cloud sent through
 * a gateway (revokeEKey: versions below `belowVersion` of a key are refused) and which once keys
 * have been used. The credential itself comes from the holder's app over Bluetooth.
 */
import { credentialCurrent, type EKeyGrant, grantAdmits, normalizeMac, ValidityType } from '@smartlock/contract';
import { z } from 'zod';

/** How many used once keys (keyId and version) the lock remembers: the oldest go first. */
export const USED_ONCE_EKEY_CAPACITY = 1000;

/** Why the lock refused an eKey credential (the `error` of an app unlock and of the `appUnlock` control ack). */
export const APP_UNLOCK_REFUSALS = [
  /** A car-park lock: no bolt to open. */
  'unsupported',
  /** The lock has no secret to check credentials with (registered before it kept one). */
  'noSecret',
  /** Malformed, or not signed with this lock's eKey key. */
  'badCredential',
  /** Signed for another lock. */
  'wrongLock',
  /** A version of the key older than the lock was told to accept (frozen, changed, reset or deleted since). */
  'revoked',
  /** Outside its validity or its weekly cycle, by the lock's clock and timezone. */
  'outsideValidity',
  /**
   * Past the credential's own not-after by the lock's clock (its maximum age): the key may still
   * be valid, and the holder's app syncs for a fresh credential.
   */
  'credentialExpired',
  /** A once key already used. */
  'used',
] as const;
export type AppUnlockRefusal = (typeof APP_UNLOCK_REFUSALS)[number];

const keyVersionSchema = z.object({ keyId: z.number().int().positive(), version: z.number().int().min(1) });

export const eKeyMemorySnapshotSchema = z.object({
  /** Per key, the lowest version the lock accepts. */
  revocations: z.array(z.object({ keyId: z.number().int().positive(), belowVersion: z.number().int().min(1) })),
  /** Once keys used, oldest first. */
  usedOnce: z.array(keyVersionSchema),
});
export type EKeyMemorySnapshot = z.infer<typeof eKeyMemorySnapshotSchema>;

const onceId = (keyId: number, version: number) => `${keyId}:${version}`;

export class EKeyMemory {
  private readonly belowVersions: Map<number, number>;
  /** `keyId:version`, oldest first. */
  private readonly usedOnce: Set<string>;

  constructor(snapshot?: EKeyMemorySnapshot) {
    this.belowVersions = new Map(snapshot?.revocations.map((r) => [r.keyId, r.belowVersion]));
    this.usedOnce = new Set(snapshot?.usedOnce.map((u) => onceId(u.keyId, u.version)));
  }

  /** Refuses versions of `keyId` below `belowVersion` (never lowers what it holds); returns what it holds now. */
  revoke(keyId: number, belowVersion: number): number {
    const held = Math.max(this.belowVersions.get(keyId) ?? 0, belowVersion);
    this.belowVersions.set(keyId, held);
    return held;
  }

  /**
   * Why the grant does not open the lock `lockMac` at `lockTime` (its clock; `offsetMs` its
   * timezone), or undefined when it does: then a once key counts as used.
   */
  judge(grant: EKeyGrant, lockMac: string, lockTime: number, offsetMs: number): AppUnlockRefusal | undefined {
    if (normalizeMac(grant.lockMac) !== (normalizeMac(lockMac) ?? lockMac)) return 'wrongLock';
    if (grant.version < (this.belowVersions.get(grant.keyId) ?? 0)) return 'revoked';
    if (!grantAdmits(grant, lockTime, offsetMs)) return 'outsideValidity';
    if (!credentialCurrent(grant, lockTime)) return 'credentialExpired';
    if (grant.validityType === ValidityType.once) {
      const id = onceId(grant.keyId, grant.version);
      if (this.usedOnce.has(id)) return 'used';
      this.usedOnce.add(id);
      while (this.usedOnce.size > USED_ONCE_EKEY_CAPACITY) {
        const oldest = this.usedOnce.values().next().value;
        if (oldest === undefined) break;
        this.usedOnce.delete(oldest);
      }
    }
    return undefined;
  }

  snapshot(): EKeyMemorySnapshot {
    return {
      revocations: [...this.belowVersions].map(([keyId, belowVersion]) => ({ keyId, belowVersion })),
      usedOnce: [...this.usedOnce].map((id) => {
        const [keyId, version] = id.split(':').map(Number);
        return { keyId: keyId ?? 0, version: version ?? 0 };
      }),
    };
  }
}
