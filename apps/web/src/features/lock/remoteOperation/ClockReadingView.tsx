import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatDuration } from '../../../i18n/format';
import { type ClockReading, driftOf } from './operationResult';

/** The lock's time beside the server's, and how far apart they are. */
export function ClockReadingView({ reading }: { reading: ClockReading }) {
  const { t, i18n } = useTranslation();
  const items = [
    { key: 'lock', label: t('remote.clock.lockTime'), children: formatDateTime(reading.lockTime, i18n.language) },
  ];
  if (reading.serverTime !== undefined) {
    items.push({
      key: 'server',
      label: t('remote.clock.serverTime'),
      children: formatDateTime(reading.serverTime, i18n.language),
    });
  }
  if (reading.driftMs !== undefined) {
    const drift = driftOf(reading.driftMs);
    items.push({
      key: 'drift',
      label: t('remote.clock.drift'),
      children:
        drift.direction === 'inSync'
          ? t('remote.clock.inSync')
          : t(`remote.clock.${drift.direction}`, { duration: formatDuration(drift.ms, i18n.language) }),
    });
  }
  return <Descriptions size="small" column={1} items={items} style={{ marginTop: 8 }} data-testid="clock-reading" />;
}
