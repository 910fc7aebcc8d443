import { LockRecordType, LockSwitch, Switch, UNLOCK_RECORD_TYPES, type UploadedRecord } from '@smartlock/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { lockRecords, locks, notifications, users } from '../../db/schema';
import type { LiveHub } from '../../live/liveHub';

/**
 * Records a lock uploads through its gateway: stored once each (the lock's own record id), told
 * to the owner's consoles, and, when the lock's unlock notice is on, an unlock notice for the
 * administrator — except for mechanical-key unlocks and the administrator's own unlocks.
 */
export class RecordIntake {
  constructor(
    private readonly db: Db,
    private readonly live: LiveHub,
  ) {}

  async intake(ownerId: number, lockMac: string, records: UploadedRecord[]): Promise<number> {
    const [lock] = await this.db
      .select({ id: locks.id, name: locks.name, switches: locks.switches })
      .from(locks)
      .where(and(eq(locks.mac, lockMac), eq(locks.ownerId, ownerId)));
    if (!lock) return 0;
    const stored = await this.db
      .insert(lockRecords)
      .values(
        records.map((r) => ({
          lockId: lock.id,
          deviceRecordId: r.recordId,
          recordType: r.recordType,
          success: r.success,
          username: r.username ?? '',
          credential: r.credential ?? '',
          lockDate: new Date(r.lockTime),
          battery: r.battery ?? null,
        })),
      )
      .onConflictDoNothing()
      .returning();
    if (stored.length === 0) return 0;
    await this.live.publish(ownerId, 'records', { lockId: lock.id, count: stored.length });
    if (lock.switches[LockSwitch.unlockNotice] === Switch.on) {
      const admin = await this.accountOf(ownerId);
      for (const record of stored) {
        if (!UNLOCK_RECORD_TYPES.has(record.recordType)) continue;
        if (record.recordType === LockRecordType.mechanicalKeyUnlock) continue;
        if (record.username !== '' && admin.includes(record.username)) continue;
        const notice = {
          lockId: lock.id,
          lockName: lock.name,
          recordType: record.recordType,
          username: record.username,
          at: record.lockDate.getTime(),
        };
        await this.db
          .insert(notifications)
          .values({ userId: ownerId, kind: 'unlockNotice', lockId: lock.id, payload: notice });
        await this.live.publish(ownerId, 'unlockNotice', notice);
      }
    }
    return stored.length;
  }

  private async accountOf(userId: number): Promise<string[]> {
    const [user] = await this.db
      .select({ email: users.email, mobile: users.mobile })
      .from(users)
      .where(eq(users.id, userId));
    return [user?.email, user?.mobile].filter((v): v is string => Boolean(v));
  }
}
