import { LockRecordType } from '@smartlock/contract';

type RecordTypeName = keyof typeof LockRecordType;

/** The record types the console names (the ways a lock is opened); others show their number. */
export const NAMED_RECORD_TYPES = [
  'appUnlock',
  'touchUnlock',
  'gatewayUnlock',
  'passcodeUnlock',
  'parkingLockLower',
  'cardUnlock',
  'fingerprintUnlock',
  'wristbandUnlock',
  'mechanicalKeyUnlock',
  'remoteUnlock',
  'openedFromInside',
  'lockButtonUnlock',
  'faceUnlock',
  'qrCodeUnlock',
  'palmVeinUnlock',
  'keyFobUnlock',
] as const satisfies readonly RecordTypeName[];

const NAME_OF = new Map<number, string>(
  NAMED_RECORD_TYPES.map((name) => [LockRecordType[name], name] as [number, string]),
);

/** The i18n key (and its parameters) naming a lock record type. */
export function recordTypeLabel(type: number): { key: string; params: { type: number } } {
  const name = NAME_OF.get(type);
  return { key: name ? `record.type.${name}` : 'record.type.other', params: { type } };
}
