import { EKeyStatus, OrderStatus } from '@smartlock/contract';
import { and, count, eq, inArray, isNull, notInArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  ekeys,
  gatewayLocks,
  gateways,
  hotelSettings,
  lockGroupLocks,
  lockGroups,
  locks,
  messageTemplates,
  notifications,
  openApiClients,
  openApiTokens,
  orders,
  serviceBalances,
  unlockLinks,
  userAvatars,
  users,
  vipSubscriptions,
  webhookDeliveries,
  webhookEndpoints,
} from '../../db/schema';
import { revocationColumns } from '../ekey/ekeyRevocationQueries';
import { GONE_EKEY_STATUSES } from '../ekey/ekeyStatus';

/** The ids of the locks and gateways an account owns; inside a transaction, held until it ends. */
export async function ownedDevices(
  db: Executor,
  userId: number,
  hold = false,
): Promise<{ lockIds: number[]; gatewayIds: number[] }> {
  const lockQuery = db.select({ id: locks.id }).from(locks).where(eq(locks.ownerId, userId));
  const gatewayQuery = db.select({ id: gateways.id }).from(gateways).where(eq(gateways.ownerId, userId));
  const [ownedLocks, ownedGateways] = hold
    ? [await lockQuery.for('update'), await gatewayQuery.for('update')]
    : await Promise.all([lockQuery, gatewayQuery]);
  return { lockIds: ownedLocks.map((row) => row.id), gatewayIds: ownedGateways.map((row) => row.id) };
}

/** How many locks and gateways an account owns. */
export async function ownedDeviceCounts(db: Executor, userId: number): Promise<{ locks: number; gateways: number }> {
  const [[lockCount], [gatewayCount]] = await Promise.all([
    db.select({ n: count() }).from(locks).where(eq(locks.ownerId, userId)),
    db.select({ n: count() }).from(gateways).where(eq(gateways.ownerId, userId)),
  ]);
  return { locks: lockCount?.n ?? 0, gateways: gatewayCount?.n ?? 0 };
}

/** Which of these gateways reach which locks (rows of gateway_locks). */
export async function reachOf(tx: Executor, gatewayIds: number[]) {
  if (gatewayIds.length === 0) return [];
  return tx.select().from(gatewayLocks).where(inArray(gatewayLocks.gatewayId, gatewayIds));
}

/** Puts reach rows back (after a transfer cleared them), keeping any the receiver's gateways already have. */
export async function restoreReach(tx: Executor, rows: (typeof gatewayLocks.$inferSelect)[]): Promise<void> {
  if (rows.length > 0) await tx.insert(gatewayLocks).values(rows).onConflictDoNothing();
}

/** Hands gateways to another owner; their reach rows are left to the caller. */
export async function moveGateways(tx: Executor, gatewayIds: number[], fromUserId: number, toUserId: number) {
  if (gatewayIds.length === 0) return;
  const moved = await tx
    .update(gateways)
    .set({ ownerId: toUserId })
    .where(and(inArray(gateways.id, gatewayIds), eq(gateways.ownerId, fromUserId)))
    .returning({ id: gateways.id });
  if (moved.length !== gatewayIds.length) throw new Error('a gateway changed hands during its transfer');
}

/** The group (by name) each of these locks is filed in by the user. */
export async function filingOf(tx: Executor, userId: number, lockIds: number[]) {
  if (lockIds.length === 0) return [];
  return tx
    .select({ lockId: lockGroupLocks.lockId, groupName: lockGroups.name })
    .from(lockGroupLocks)
    .innerJoin(lockGroups, eq(lockGroups.id, lockGroupLocks.groupId))
    .where(and(eq(lockGroupLocks.userId, userId), inArray(lockGroupLocks.lockId, lockIds)));
}

/**
 * Files locks in the user's groups of these names, making the groups the user lacks; a lock the
 * user has already filed stays where it is.
 */
export async function fileInGroups(
  tx: Executor,
  userId: number,
  filing: { lockId: number; groupName: string }[],
): Promise<void> {
  if (filing.length === 0) return;
  const names = [...new Set(filing.map((row) => row.groupName))];
  await tx
    .insert(lockGroups)
    .values(names.map((name) => ({ ownerId: userId, name })))
    .onConflictDoNothing();
  const groups = await tx
    .select({ id: lockGroups.id, name: lockGroups.name })
    .from(lockGroups)
    .where(and(eq(lockGroups.ownerId, userId), inArray(lockGroups.name, names)));
  const idOf = new Map(groups.map((group) => [group.name, group.id]));
  await tx
    .insert(lockGroupLocks)
    .values(filing.map((row) => ({ userId, lockId: row.lockId, groupId: idOf.get(row.groupName) as number })))
    .onConflictDoNothing();
}

/**
 * Ends the eKeys an account holds, at once and for good: its app will never sync again, so no key
 * waits for it; each is refused at its lock from now on. Returns them, with their senders, for
 * the revocations to send once the transaction is done.
 */
export async function endHeldKeys(tx: Executor, userId: number): Promise<{ id: number; senderId: number }[]> {
  return tx
    .update(ekeys)
    .set({ status: EKeyStatus.deleted, ...revocationColumns(true) })
    .where(and(eq(ekeys.recipientId, userId), notInArray(ekeys.status, [...GONE_EKEY_STATUSES])))
    .returning({ id: ekeys.id, senderId: ekeys.senderId });
}

/**
 * Removes what was the account's alone: its groups (and its filing of others' locks), its unlock
 * links, notifications, message templates, hotel settings, service units, avatar, advanced
 * function and webhooks; orders still waiting for payment are cancelled (a payment arriving later is given back).
 * Orders themselves stay, as the books need them.
 */
export async function removeAccountData(tx: Executor, userId: number): Promise<void> {
  await tx.delete(lockGroupLocks).where(eq(lockGroupLocks.userId, userId));
  await tx.delete(lockGroups).where(eq(lockGroups.ownerId, userId));
  await tx.delete(unlockLinks).where(eq(unlockLinks.createdBy, userId));
  await tx.delete(notifications).where(eq(notifications.userId, userId));
  await tx.delete(messageTemplates).where(eq(messageTemplates.userId, userId));
  await tx.delete(hotelSettings).where(eq(hotelSettings.userId, userId));
  await tx.delete(serviceBalances).where(eq(serviceBalances.userId, userId));
  await tx.delete(userAvatars).where(eq(userAvatars.userId, userId));
  await tx.delete(vipSubscriptions).where(eq(vipSubscriptions.userId, userId));
  // The open API's client goes with its tokens; tokens it issued to this account on another client too.
  await tx.delete(openApiTokens).where(eq(openApiTokens.userId, userId));
  await tx.delete(openApiClients).where(eq(openApiClients.userId, userId));
  // Webhook endpoints, their deliveries, and record callbacks not yet sent.
  await tx.delete(webhookDeliveries).where(eq(webhookDeliveries.userId, userId));
  await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.userId, userId));
  await tx
    .update(orders)
    .set({ status: OrderStatus.cancelled, cancelledAt: new Date() })
    .where(and(eq(orders.userId, userId), eq(orders.status, OrderStatus.created)));
}

/**
 * Holds an account's row until the transaction ends, so nothing of it changes meanwhile; false
 * when it is gone (deleted).
 */
export async function holdAccount(tx: Executor, userId: number): Promise<boolean> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .for('update');
  return rows.length === 1;
}

/**
 * What is left of a deleted account: a row others' keys, credentials and orders still point at,
 * with no mobile number, email address, password or profile. Its mobile number and email address
 * are free to register again, as a new account.
 */
export async function markDeleted(tx: Executor, userId: number): Promise<void> {
  await tx
    .update(users)
    .set({
      email: null,
      mobile: null,
      passwordHash: '',
      openApiPasswordHash: null,
      nickname: '',
      headUrl: '',
      locale: null,
      deletedAt: new Date(),
    })
    .where(eq(users.id, userId));
}
