import { type AlertItem, LockRecordType, RecordQueryType } from '@smartlock/contract';
import type { TFunction } from 'i18next';

const RECORD_NAMES = new Map<number, string>(Object.entries(LockRecordType).map(([name, value]) => [value, name]));

/** A record type's name as the records page shows it. */
export function recordTypeText(t: TFunction, recordType: unknown): string {
  const name = typeof recordType === 'number' ? RECORD_NAMES.get(recordType) : undefined;
  return name ? t(`records.type.${name}`) : '';
}

const num = (value: unknown) => (typeof value === 'number' ? value : 0);

/** What raised an alert, in words: the battery, the minutes, the count, the record. */
export function alertDetailText(t: TFunction, item: AlertItem): string {
  const d = item.details;
  switch (item.kind) {
    case 'batteryLow':
      return t('alert.detail.batteryLow', { battery: num(d.battery), threshold: num(d.threshold) || 20 });
    case 'gatewayOffline':
      return t('alert.detail.gatewayOffline', { count: num(d.minutes) });
    case 'wrongPasscodes':
      return t('alert.detail.wrongPasscodes', { count: num(d.count), minutes: num(d.minutes) });
    case 'doorLeftOpen':
      return d.recordType ? recordTypeText(t, d.recordType) : t('alert.detail.doorLeftOpen', { count: num(d.minutes) });
    case 'quietHoursUnlock':
      return [recordTypeText(t, d.recordType), typeof d.person === 'string' ? d.person : '']
        .filter(Boolean)
        .join(' — ');
    default:
      return recordTypeText(t, d.recordType);
  }
}

/** Which records the alert's link opens: the passcode records for wrong passcodes, else all. */
export function recordsQueryTypeOf(kind: string): number {
  return kind === 'wrongPasscodes' ? RecordQueryType.passcode : RecordQueryType.all;
}
