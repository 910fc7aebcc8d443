import type { LiveMessages } from '@smartlock/contract';
import type { TFunction } from 'i18next';
import { recordTypeLabel } from '../features/lockRecord/recordType';
import { formatDateTime } from '../i18n/format';

/** What a notice of an unlock says below the lock's name: how, by whom (when known) and when. */
export function unlockNoticeText(t: TFunction, notice: LiveMessages['unlockNotice'], language: string): string {
  const kind = recordTypeLabel(notice.recordType);
  const params = {
    method: t(kind.key, kind.params),
    user: notice.username,
    time: formatDateTime(notice.at, language),
  };
  return notice.username ? t('live.unlockNotice', params) : t('live.unlockNoticeAnonymous', params);
}
