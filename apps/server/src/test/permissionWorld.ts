import { randomUUID } from 'node:crypto';
import {
  Currency,
  EKeyAuthorized,
  ekey,
  featureValueOf,
  group,
  LOCK_CREDENTIAL_KINDS,
  LockFeature,
  type LockFeatureName,
  lock,
  order,
  PasscodeType,
  PaymentMethod,
  passcode,
  RemoteOperationState,
  RevokeState,
  ServiceType,
  stay,
  TemplateType,
  template,
  ValidityType,
  webhook,
} from '@smartlock/contract';
import { lockCredentials, remoteOperations, revokeJobItems, revokeJobs } from '../db/schema';
import { addGateway, freshMac } from './devices';
import type { TestClient, TestServer } from './harness';
import { dataOf, type Reply } from './reply';

/** A feed address on this machine where nothing listens: a read fails at once, nothing leaves the machine. */
export const STAY_FEED_URL = 'http://127.0.0.1:1/calendar.ics';

/** Every capability a lock can have, so no call is refused for a missing feature. */
export const ALL_FEATURES = Object.keys(LockFeature) as LockFeatureName[];

/**
 * One owner's lock with everything a call can point at: an authorized administrator, an eKey
 * user whose key allows remote unlock, a passcode naming its lock user, a credential of every
 * kind, a group, a gateway, a finished remote operation, an unlock link, and the owner's order
 * and message template. Names carry a mark nobody else's replies may contain.
 */
export interface World {
  mark: string;
  lockId: number;
  adminUid: number;
  adminKeyId: number;
  keyId: number;
  passcodeId: number;
  lockUser: string;
  credentialIds: Record<string, number>;
  groupId: number;
  gatewayId: number;
  operationId: string;
  unlockToken: string;
  /** An order of the owner's, waiting for its payment. */
  orderNo: string;
  /** An SMS passcode template of the owner's. */
  templateId: number;
  webhookEndpointId: number;
  webhookDeliveryId: number;
  /** The owner's calendar feed on the world's lock (its address refuses connections: it reads as an error). */
  stayFeedId: number;
  /** A finished revoke-all job of the owner's. */
  jobId: number;
}

export interface Cast {
  server: TestServer;
  owner: TestClient;
  ownerUid: number;
  adminAccount: string;
  adminUid: number;
  eKeyUserAccount: string;
}

let worlds = 0;

async function ok<T>(reply: Promise<Reply<T>>): Promise<T> {
  const answered = await reply;
  if (answered.body.errorCode !== 0) throw new Error(`building the world: ${JSON.stringify(answered.body)}`);
  return dataOf(answered);
}

export async function buildWorld(cast: Cast): Promise<World> {
  worlds += 1;
  const mark = `zq${worlds}x${Date.now() % 100_000}`;
  const { owner } = cast;
  const db = cast.server.app.services.database.db;
  const { lockId } = await ok(
    owner.call(lock.initialize, {
      lockMac: freshMac('AB:CD'),
      lockNumber: `M_${worlds}`,
      lockName: `Lock ${mark}`,
      firmware: '6.1.22',
      featureValue: featureValueOf(ALL_FEATURES),
      passcodeVersion: 4,
    }),
  );
  const grant = { lockId, createUser: 1, validityType: ValidityType.permanent };
  const adminKey = await ok(
    owner.call(ekey.send, { ...grant, receiverUsername: cast.adminAccount, keyRight: EKeyAuthorized.yes }),
  );
  const key = await ok(
    owner.call(ekey.send, { ...grant, receiverUsername: cast.eKeyUserAccount, remoteEnable: 1, keyName: mark }),
  );
  const lockUser = `Person ${mark}`;
  const code = await ok(
    owner.call(passcode.get, { lockId, keyboardPwdType: PasscodeType.permanent, keyboardPwdName: lockUser }),
  );
  const credentialIds: Record<string, number> = {};
  for (const [index, kind] of LOCK_CREDENTIAL_KINDS.entries()) {
    const [row] = await db
      .insert(lockCredentials)
      .values({
        lockId,
        creatorId: cast.ownerUid,
        kind,
        number: `${worlds}${index}0001`,
        name: lockUser,
        validityType: ValidityType.permanent,
        status: 1,
        value: `${mark}-${kind}`,
      })
      .returning({ id: lockCredentials.id });
    credentialIds[kind] = row?.id as number;
  }
  const { groupId } = await ok(owner.call(group.add, { groupName: `Group ${mark}` }));
  await ok(owner.call(group.setLocks, { groupId, lockIdList: `${lockId}` }));
  const { gatewayId } = await addGateway(owner, `Gateway ${mark}`, [lockId]);
  const operationId = randomUUID();
  await db.insert(remoteOperations).values({
    id: operationId,
    lockId,
    userId: cast.ownerUid,
    name: 'queryState',
    command: 'queryState',
    state: RemoteOperationState.success,
    deadline: new Date(Date.now() + 60_000),
    finishedAt: new Date(),
  });
  const [job] = await db
    .insert(revokeJobs)
    .values({ userId: cast.ownerUid, lockUser: `gone ${mark}`, name: `Gone ${mark}`, finishedAt: new Date() })
    .returning({ id: revokeJobs.id });
  await db.insert(revokeJobItems).values({
    jobId: job?.id as number,
    lockId,
    lockAlias: `Lock ${mark}`,
    state: RevokeState.done,
  });
  const link = await ok(owner.call(lock.createUnlockLink, { lockId, validMinutes: 60 }));
  const bought = await ok(
    owner.call(order.create, {
      serviceType: ServiceType.sms,
      quantity: 100,
      currency: Currency.dollar,
      paymentMethod: PaymentMethod.international,
    }),
  );
  const written = await ok(
    owner.call(template.add, {
      channel: 'sms',
      type: TemplateType.passcode,
      name: `Template ${mark}`,
      content: 'Room {room}: {passcode}',
    }),
  );
  // One endpoint for the whole run (an account has at most 20), with a delivery in its log.
  const endpoints = await ok(owner.call(webhook.list, {}));
  const webhookEndpointId =
    endpoints.list[0]?.endpointId ??
    (await ok(owner.call(webhook.add, { url: 'https://hooks.example.com/world', events: 'lock.state' }))).endpoint
      .endpointId;
  const tested = await ok(owner.call(webhook.sendTest, { endpointId: webhookEndpointId }));
  // One calendar feed, on this world's lock (the account's others go: an account has at most 200).
  const feeds = (await ok(owner.call(stay.feedList, {}))).list;
  for (const old of feeds.filter((f) => f.lockId !== lockId))
    await ok(owner.call(stay.feedDelete, { feedId: old.feedId }));
  const stayFeedId =
    feeds.find((f) => f.lockId === lockId)?.feedId ??
    (await ok(owner.call(stay.feedAdd, { lockId, url: STAY_FEED_URL, notify: 'none' }))).feed.feedId;
  return {
    mark,
    lockId,
    adminUid: cast.adminUid,
    adminKeyId: adminKey.keyId,
    keyId: key.keyId,
    passcodeId: code.keyboardPwdId,
    lockUser,
    credentialIds,
    groupId,
    gatewayId,
    operationId,
    unlockToken: link.token,
    orderNo: bought.order.orderNo,
    templateId: written.templateId,
    webhookEndpointId,
    webhookDeliveryId: tested.delivery.deliveryId,
    stayFeedId,
    jobId: job?.id as number,
  };
}
