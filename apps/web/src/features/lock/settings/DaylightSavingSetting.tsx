import { DaylightSavingReminder } from '@smartlock/contract';
import { useTranslation } from 'react-i18next';
import type { LockDetail } from '../lockApi';
import { ChoiceSetting } from './ChoiceSetting';

/** The daylight-saving reminder: remind on entering, on leaving, or do not remind. */
export function DaylightSavingSetting({ detail }: { detail: LockDetail }) {
  const { t } = useTranslation();
  return (
    <ChoiceSetting
      detail={detail}
      testId="setting-daylightSaving"
      title={t('settings.daylightSaving')}
      description={t('settings.daylightSavingHint')}
      value={detail.daylightSavingReminder}
      choices={[
        { value: DaylightSavingReminder.enter, label: t('settings.dst.enter') },
        { value: DaylightSavingReminder.exit, label: t('settings.dst.exit') },
        { value: DaylightSavingReminder.doNotRemind, label: t('settings.dst.doNotRemind') },
      ]}
      request={(value) => ({ action: 'setDaylightSavingReminder', value })}
    />
  );
}
