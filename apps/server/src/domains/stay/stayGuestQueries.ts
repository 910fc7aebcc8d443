import { CardStatus, PasscodeStatus } from '@smartlock/contract';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import {
  gatewayLocks,
  gateways,
  lockCredentials,
  lockGroupLocks,
  locks,
  passcodes,
  stayCredentials,
  stayFeeds,
  stayInstructions,
  stays,
} from '../../db/schema';

/** Passcodes the lock holds (or will hold at their start): the guest is shown the digits. */
const HELD_PASSCODE_STATUSES: string[] = [PasscodeStatus.normal, PasscodeStatus.updating, PasscodeStatus.updateFailed];

/** A stay with what its guest page needs of its feed. */
export async function findGuestStay(db: Executor, stayId: number) {
  const [row] = await db
    .select({
      stayId: stays.id,
      nonce: stays.guestNonce,
      state: stays.state,
      guestName: stays.guestName,
      guestLocale: stays.guestLocale,
      validFrom: stays.validFrom,
      validTo: stays.validTo,
      ownerId: stayFeeds.ownerId,
      brand: stayFeeds.brand,
      guestRemoteUnlock: stayFeeds.guestRemoteUnlock,
    })
    .from(stays)
    .innerJoin(stayFeeds, eq(stayFeeds.id, stays.feedId))
    .where(eq(stays.id, stayId));
  return row;
}
export type GuestStay = NonNullable<Awaited<ReturnType<typeof findGuestStay>>>;

/** Whether an online gateway of the lock's owner reaches the lock (as remote operations pick one). */
const reachedByGateway: SQL<boolean> = sql<boolean>`exists (
  select 1 from ${gatewayLocks} inner join ${gateways} on ${gateways.id} = ${gatewayLocks.gatewayId}
  where ${gatewayLocks.lockId} = ${locks.id} and ${gateways.online} = 1 and ${gateways.ownerId} = ${locks.ownerId})`;

/**
 * The stay's locks, each with its passcode's digits (held passcodes only), whether a gateway
 * reaches it, and its arrival instructions: the lock's own, else those of the group the feed's
 * owner files it in.
 */
export async function guestLocks(db: Executor, stayId: number, ownerId: number) {
  const ownText = db
    .select({ text: stayInstructions.text })
    .from(stayInstructions)
    .where(eq(stayInstructions.lockId, locks.id));
  const groupText = db
    .select({ text: stayInstructions.text })
    .from(stayInstructions)
    .innerJoin(lockGroupLocks, eq(lockGroupLocks.groupId, stayInstructions.groupId))
    .where(and(eq(lockGroupLocks.lockId, locks.id), eq(lockGroupLocks.userId, ownerId)));
  return db
    .select({
      lockId: locks.id,
      lockName: locks.name,
      timezoneRawOffset: locks.timezoneRawOffset,
      featureValue: locks.featureValue,
      switches: locks.switches,
      passcode: sql<
        string | null
      >`case when ${inArray(passcodes.status, HELD_PASSCODE_STATUSES)} then ${passcodes.code} end`,
      reachedByGateway,
      qrCode: sql<
        string | null
      >`case when ${lockCredentials.status} = ${CardStatus.normal} then ${lockCredentials.link} end`,
      instructions: sql<string>`coalesce((${ownText}), (${groupText}), '')`,
    })
    .from(stayCredentials)
    .innerJoin(locks, eq(locks.id, stayCredentials.lockId))
    .leftJoin(passcodes, eq(passcodes.id, stayCredentials.passcodeId))
    .leftJoin(lockCredentials, eq(lockCredentials.id, stayCredentials.qrCredentialId))
    .where(eq(stayCredentials.stayId, stayId))
    .orderBy(asc(locks.name), asc(locks.id));
}
export type GuestLockRow = Awaited<ReturnType<typeof guestLocks>>[number];

/** Exactly one of a lock or a group. */
export type InstructionsTarget = { lockId: number } | { groupId: number };

const targetIs = (target: InstructionsTarget) =>
  'lockId' in target ? eq(stayInstructions.lockId, target.lockId) : eq(stayInstructions.groupId, target.groupId);

/** A lock's or group's own arrival instructions ('' when none). */
export async function instructionsOf(db: Executor, target: InstructionsTarget): Promise<string> {
  const [row] = await db.select({ text: stayInstructions.text }).from(stayInstructions).where(targetIs(target));
  return row?.text ?? '';
}

/** Writes a lock's or group's instructions (empty text removes them), in one transaction. */
export async function writeInstructions(
  db: Db,
  ownerId: number,
  target: InstructionsTarget,
  text: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(stayInstructions).where(targetIs(target));
    if (text !== '') await tx.insert(stayInstructions).values({ ownerId, ...target, text, updatedAt: new Date() });
  });
}
