import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '../../../i18n/format';
import { boltView } from '../lockFacts';
import { ClockReadingView } from './ClockReadingView';
import { clockReadingOf, stateReadingOf } from './operationResult';
import type { OperationRun } from './operationView';

/** What a finished read brought back: the clock against the server's, or the bolt and battery. */
export function OperationResultView({
  run,
  isParkingLock,
}: {
  run: Extract<OperationRun, { status: 'following' }>;
  isParkingLock: boolean;
}) {
  const { t, i18n } = useTranslation();
  if (run.action === 'queryDate' || run.action === 'updateDate') {
    const reading = clockReadingOf(run.operation);
    return reading ? <ClockReadingView reading={reading} /> : null;
  }
  if (run.action === 'queryState') {
    const reading = stateReadingOf(run.operation);
    if (!reading) return null;
    return (
      <Typography.Text>
        {t('remote.stateRead', {
          state: t(boltView(reading.state, isParkingLock).key),
          battery: formatPercent(reading.battery, i18n.language),
        })}
      </Typography.Text>
    );
  }
  return null;
}
