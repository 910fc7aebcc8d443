/**
 * `@smartlock/sdk`: the SmartLock Cloud API for TypeScript. Calls and their types come from the
 * API contract the product itself is built on: `calls.lock.list`, `calls.passcode.add`,
 * `calls.remoteOperation.unlock`, ... (docs/api.md lists them all).
 */
import * as calls from '@smartlock/contract/refs';

export type { CallRef, DataOf, ErrorName, ParamsOf } from '@smartlock/contract';
export { type ListItem, SmartLock, type SmartLockOptions } from './client';
export { SmartLockError } from './errors';
export { DEFAULT_TOLERANCE_S, SIGNATURE_HEADER, verifyWebhook, type WebhookCheck } from './webhook';
export { calls };
