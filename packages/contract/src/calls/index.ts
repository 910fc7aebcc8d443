import * as access from './access';
import * as admin from './admin';
import * as alert from './alert';
import * as apiKey from './apiKey';
import * as audit from './audit';
import * as company from './company';
import * as credentialSync from './credentialSync';
import { type CallDefinition, type CallRef, isCallDefinition } from './define';
import * as ekey from './ekey';
import * as gateway from './gateway';
import * as group from './group';
import * as lock from './lock';
import * as lockCredential from './lockCredential';
import * as lockRecord from './lockRecord';
import * as lockUser from './lockUser';
import * as map from './map';
import * as openApi from './openApi';
import * as order from './order';
import * as passcode from './passcode';
import * as service from './service';
import * as stay from './stay';
import * as stayGuest from './stayGuest';
import * as template from './template';
import * as user from './user';
import * as vip from './vip';
import * as webhook from './webhook';

export type { AccessAnswer, AccessItem, AccessPassageLock, ReviewItem } from './access';
export {
  ACCESS_PASSAGE_LOCKS_MAX,
  ACCESS_WINDOW_MAX_DAYS,
  REVIEW_DAYS_DEFAULT,
  REVIEW_DAYS_MAX,
  ReviewReason,
} from './access';
export type { AdminItem } from './admin';
export type { AlertItem, AlertSettings } from './alert';
export type { ApiKeyItem } from './apiKey';
export { AUDIT_ACTOR_MAX, type AuditEntry } from './audit';
export { RELABELLED_TERMS, type RelabelledTerm, webInfo } from './company';
export {
  credentialSyncFields,
  RECONCILE_REPORT_ITEMS_MAX,
  type ReconcileReport,
  type SyncSummary,
} from './credentialSync';
export * from './define';
export type { EKeyItem, HeldKey } from './ekey';
export * from './fields';
export { UNLOCK_LINK_MAX_MINUTES, UNLOCK_LINK_PATH, unlockLinkUrl } from './lock';
export type { CredentialItem, HotelInfo } from './lockCredential';
export type { LockRecordItem, RecordCredentialFilter } from './lockRecord';
export { QUERY_TYPE_OF_FILTER, RECORD_COUNT_CAP, RECORD_SEARCH_COUNT_CAP, recordCredentialFilters } from './lockRecord';
export type { LockUserCredential, LockUserItem, RevokeJob, RevokeJobItem } from './lockUser';
export { REVOKE_JOB_LOCKS_MAX, REVOKE_JOBS_OPEN_MAX, RevokeState } from './lockUser';
export type { CityActivity, CityItem, MapActivity } from './map';
export { MAP_LIVE_PATH, MAP_MIN_LOCKS_PER_CITY } from './map';
export { CALLBACK_URL_MAX } from './openApi';
export type { OrderItem } from './order';
export type { PasscodeItem } from './passcode';
export * from './remoteOperation';
export type { StayCredentialItem, StayFeedItem, StayFeedState, StayItem, StayNotify, StayState } from './stay';
export {
  STAY_BUFFER_MAX_MINUTES,
  STAY_FEED_STATES,
  STAY_FEED_URL_MAX,
  STAY_FEEDS_PER_ACCOUNT_MAX,
  STAY_FEEDS_PER_TARGET_MAX,
  STAY_NOTIFY,
  STAY_STATES,
} from './stay';
export {
  STAY_GUEST_PATH,
  STAY_INSTRUCTIONS_MAX,
  type StayGuestLock,
  type StayGuestPage,
  stayGuestUrl,
} from './stayGuest';
export type { TemplateItem } from './template';
export { userInfo } from './user';
export * from './validityFields';
export type { WebhookDeliveryItem, WebhookDeliveryStatus, WebhookEndpointItem, WebhookEvent } from './webhook';
export {
  WEBHOOK_DELIVERIES_PAGE_MAX,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_EVENTS,
  WEBHOOK_PENDING_MAX,
  WEBHOOK_TEST_EVENT,
  WEBHOOK_URL_MAX,
} from './webhook';
export {
  access,
  admin,
  alert,
  apiKey,
  audit,
  company,
  credentialSync,
  ekey,
  gateway,
  group,
  lock,
  lockCredential,
  lockRecord,
  lockUser,
  map,
  openApi,
  order,
  passcode,
  service,
  stay,
  stayGuest,
  template,
  user,
  vip,
  webhook,
};

function callsOf(module: Record<string, unknown>): CallDefinition[] {
  return Object.values(module).filter(isCallDefinition);
}

/** Every call of the API, for the server's router, the docs and the OpenAPI document. */
export const ALL_CALLS: readonly CallDefinition[] = [
  ...callsOf(admin),
  ...callsOf(user),
  ...callsOf(company),
  ...callsOf(lock),
  ...callsOf(gateway),
  ...callsOf(group),
  ...callsOf(lockRecord),
  ...callsOf(lockUser),
  ...callsOf(access),
  ...callsOf(alert),
  ...callsOf(audit),
  ...callsOf(ekey),
  ...callsOf(passcode),
  ...callsOf(credentialSync),
  ...callsOf(lockCredential),
  ...callsOf(service),
  ...callsOf(order),
  ...callsOf(vip),
  ...callsOf(template),
  ...callsOf(map),
  ...callsOf(openApi),
  ...callsOf(webhook),
  ...callsOf(apiKey),
  ...callsOf(stay),
  ...callsOf(stayGuest),
  ...Object.values(lockCredential.LOCK_CREDENTIAL_CALLS).flatMap(callsOf),
];

const BY_PATH = new Map(ALL_CALLS.map((call) => [call.path, call]));

/** The whole definition (with its schemas) of a call known by its reference. */
export function definitionOf<C extends CallDefinition>(ref: CallRef<C>): C {
  const call = BY_PATH.get(ref.path);
  if (!call) throw new Error(`no call ${ref.path}`);
  return call as C;
}
