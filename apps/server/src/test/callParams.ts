import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  type CallDefinition,
  Currency,
  FingerprintDeviceType,
  featureValueOf,
  PasscodeType,
  PaymentMethod,
  ServiceType,
  TemplateType,
  user,
  ValidationCodeType,
  ValidityType,
} from '@smartlock/contract';
import { freshMac } from './devices';
import { PASSWORD } from './fixtures';
import { ALL_FEATURES, STAY_FEED_URL, type World } from './permissionWorld';

/**
 * Valid parameters for any call of the contract on a permission world (./permissionWorld.ts):
 * the world's objects for the parameters that point at one, a valid sample for the rest. The
 * permission matrix and the probing test make every call with them.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const wholeHour = (hours: number) => Math.ceil(Date.now() / HOUR) * HOUR + hours * HOUR;

/** Parameters that point at an object, and whose it must be for an "own" call to be allowed. */
export const OBJECT_PARAMS: Record<string, 'lock' | 'account'> = {
  lockId: 'lock',
  lockIds: 'lock',
  lockIdList: 'lock',
  keyId: 'lock',
  keyboardPwdId: 'lock',
  credentialId: 'lock',
  groupId: 'account',
  groupIds: 'account',
  gatewayId: 'account',
  gatewayIdList: 'account',
  operationId: 'account',
  adminUid: 'account',
  orderNo: 'account',
  templateId: 'account',
  endpointId: 'account',
  deliveryId: 'account',
  jobId: 'account',
  feedId: 'account',
};

/** What each object parameter is in the world. */
export function objectValue(name: string, world: World, call: CallDefinition): string | number | undefined {
  const kind = call.path.split('/')[1] as string;
  const credentialKind = {
    card: 'card',
    fingerprint: 'fingerprint',
    face: 'face',
    palmVein: 'palmVein',
    qrcode: 'qrCode',
    keyfob: 'keyFob',
  }[kind];
  const values: Record<string, string | number | undefined> = {
    lockId: world.lockId,
    lockIds: `${world.lockId}`,
    lockIdList: `${world.lockId}`,
    keyId: world.keyId,
    keyboardPwdId: world.passcodeId,
    credentialId: credentialKind ? world.credentialIds[credentialKind] : undefined,
    // A feed is on a lock or on a group, not both: the world's feed calls name its lock.
    groupId: kind === 'stay' ? undefined : world.groupId,
    groupIds: `${world.groupId}`,
    gatewayId: world.gatewayId,
    gatewayIdList: `${world.gatewayId}`,
    operationId: world.operationId,
    adminUid: world.adminUid,
    lockUser: world.lockUser,
    orderNo: world.orderNo,
    templateId: world.templateId,
    endpointId: world.webhookEndpointId,
    deliveryId: world.webhookDeliveryId,
    jobId: world.jobId,
    feedId: world.stayFeedId,
  };
  return values[name];
}

type Sample = (world: World) => string | number;

/** A valid value for each other required parameter: by "path field", else by field. */
const SAMPLES: Record<string, Sample> = {
  '/lock/unlockByLink token': (w) => w.unlockToken,
  // A well-formed stay link the world has no stay for: every caller hears "stay link invalid".
  '/stay/guest token': () => `1.${'n'.repeat(24)}.${'m'.repeat(43)}`,
  '/stay/guestUnlock token': () => `1.${'n'.repeat(24)}.${'m'.repeat(43)}`,
  '/stay/setInstructions text': () => 'Key box left of the door.',
  '/user/loginByAccessToken token': () => 'a'.repeat(43),
  '/lock/updateSetting type': () => 'remoteUnlock',
  '/lock/updateSetting value': () => 1,
  '/user/sendValidationCode type': () => ValidationCodeType.register,
  '/user/listExpireUser startDate': () => Date.now(),
  '/user/listExpireUser endDate': () => Date.now() + 30 * DAY,
  '/gateway/updateLockReach locks': (w) => JSON.stringify([{ lockId: w.lockId, rssi: -60 }]),
  '/passcode/get keyboardPwdType': () => PasscodeType.permanent,
  '/lock/export startDate': () => Date.now() - 7 * DAY,
  '/order/create serviceType': () => ServiceType.sms,
  '/order/create quantity': () => 100,
  '/order/create currency': () => Currency.dollar,
  '/order/create paymentMethod': () => PaymentMethod.international,
  '/template/add channel': () => 'sms',
  '/template/add type': () => TemplateType.passcode,
  '/template/list channel': () => 'sms',
  // Another account's alert and a missing one answer alike (notFound), whoever asks.
  '/alert/read alertId': () => 1,
  '/alert/updateSettings batteryPercent': () => 20,
  '/alert/updateSettings gatewayOfflineMinutes': () => 10,
  '/alert/updateSettings wrongPasscodeCount': () => 5,
  '/alert/updateSettings wrongPasscodeMinutes': () => 5,
  '/alert/updateSettings doorOpenMinutes': () => 10,
  '/alert/updateSettings quietStart': () => 0,
  '/alert/updateSettings quietEnd': () => 0,
  content: () => 'Room {room}: {passcode}',
  keyword: () => 'Sydney',
  callbackUrl: () => 'https://hooks.example.com/ttlock',
  url: () => 'https://hooks.example.com/webhook',
  '/stay/feedAdd url': () => STAY_FEED_URL,
  '/stay/feedUpdate url': () => STAY_FEED_URL,
  events: () => 'lock.state,gateway.offline',
  '/apiKey/create scopes': () => 'read,locks',
  // No such key: every role gets past the permission check to "not found".
  apiKeyId: () => 999_999,
  cityId: () => 2147714,
  '/lock/export endDate': () => Date.now(),
  // Optional parameters the call needs to get past its own checks (a path's sample is sent even when optional).
  '/user/bindMobile mobile': () => '0412 999 888',
  '/user/bindMobile validationCode': () => '123456',
  '/user/bindEmail email': () => 'matrix-bound@example.com',
  '/user/bindEmail validationCode': () => '123456',
  '/lockRecord/upload records': () =>
    JSON.stringify([
      { recordId: `matrix-${Date.now()}-${Math.random()}`, recordType: 4, success: 1, lockTime: Date.now() },
    ]),
  account: () => 'matrix-nobody@example.com',
  receiverUsername: () => 'matrix-newcomer@example.com',
  password: () => PASSWORD,
  oldPassword: () => PASSWORD,
  // The same password again: accepted, so every role still logs in with PASSWORD afterwards.
  newPassword: () => PASSWORD,
  validationCode: () => '123456',
  agreement: () => 1,
  validityType: () => ValidityType.permanent,
  lockName: () => 'Matrix name',
  groupName: () => 'Matrix group',
  gatewayName: () => 'Matrix gateway',
  name: () => 'Matrix name',
  lockMac: () => freshMac('AB:EF'),
  lockNumber: () => 'M_new',
  firmware: () => '6.1.22',
  featureValue: () => featureValueOf(ALL_FEATURES),
  passcodeVersion: () => 4,
  gatewayMac: () => freshMac('AC:EF'),
  gatewayVersion: () => 2,
  networkName: () => 'Matrix net',
  timezoneRawOffset: () => HOUR,
  seconds: () => 10,
  '/lock/setEKeyCredentialMaxAge days': () => 3,
  passageMode: () => 2,
  periods: () => '[]',
  action: () => 'raising',
  validMinutes: () => 30,
  keyboardPwd: () => '13579246',
  channel: () => 'email',
  receivers: () => JSON.stringify([{ receiverUsername: 'matrix-newcomer@example.com' }]),
  cardNumber: () => '80800001',
  keyFobNumber: () => '90900001',
  template: () => 'A'.repeat(64),
  frequency: () => 1,
  building: () => 1,
  floor: () => 1,
  sector: () => 1,
  buildings: () => JSON.stringify([{ building: 1, floors: 3 }]),
  domainName: () => 'localhost',
  receiver: () => 'matrix-newcomer@example.com',
  deviceType: () => FingerprintDeviceType.scannerA,
  idNumber: () => 'M1234567',
  sliderId: () => 'matrix',
  x: () => 10,
  startDate: () => wholeHour(1),
  endDate: () => wholeHour(49),
};

/**
 * The parameters of a call in the world: its objects, a valid value for what it requires, and
 * the condition's parameter when given (a row of docs/permissions.md for one value of it, or for
 * one object of the world: "adminKeyId").
 */
export function paramsFor(call: CallDefinition, world: World, condition?: { param: string; value: string | number }) {
  const shape = (call.params as unknown as { shape?: Record<string, { safeParse(v: unknown): { success: boolean } }> })
    .shape;
  const params: Record<string, string | number> = {};
  for (const [name, field] of Object.entries(shape ?? {})) {
    const object = objectValue(name, world, call);
    if (object !== undefined) {
      params[name] = object;
      continue;
    }
    const specific = SAMPLES[`${call.path} ${name}`];
    if (field.safeParse(undefined).success && !specific) continue;
    const sample = specific ?? SAMPLES[name];
    if (!sample) throw new Error(`${call.path}: no sample for its required parameter "${name}" (add one to SAMPLES)`);
    params[name] = sample(world);
  }
  if (condition) {
    const named = (world as unknown as Record<string, string | number>)[String(condition.value)];
    params[condition.param] = named ?? condition.value;
  }
  return oneOfTargets(call, params);
}

/**
 * A call that takes one of several objects (a lock or a group, not both): the optional object
 * parameters after the first are left out until the parameters parse.
 */
function oneOfTargets(call: CallDefinition, params: Record<string, string | number>) {
  const optional = Object.keys(params).filter(
    (name) =>
      OBJECT_PARAMS[name] &&
      (call.params as unknown as { shape?: Record<string, { safeParse(v: unknown): { success: boolean } }> }).shape?.[
        name
      ]?.safeParse(undefined).success,
  );
  const kept = { ...params };
  for (const name of optional.slice(1)) {
    if (call.params.safeParse(kept).success) break;
    delete kept[name];
  }
  return kept;
}

/** An upload's file (the face photo check). */
const PHOTO = {
  field: 'photo',
  filename: 'portrait.jpg',
  contentType: 'image/jpeg',
  data: readFileSync(fileURLToPath(new URL('../domains/face/photoCheck/fixtures/portrait.jpg', import.meta.url))),
};

/** What each upload sends: the avatar part for /user/updateUserInfo, the face photo otherwise. */
export const filesFor = (call: CallDefinition) =>
  call === user.updateUserInfo ? [{ ...PHOTO, field: 'avatar' }] : [PHOTO];
