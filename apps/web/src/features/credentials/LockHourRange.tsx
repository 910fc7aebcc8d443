import { DatePicker, Flex, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { formatUtcOffset } from '../lock/settings/timezones';
import { instantOfLockWallClock, lockWallClock } from './lockTime';

type Pair = [Dayjs | null, Dayjs | null] | null;

/** A picker value showing what the lock's clock reads at an instant. */
function pickerValue(epochMs: number, offsetMs: number): Dayjs {
  const wall = lockWallClock(epochMs, offsetMs);
  return dayjs(new Date(wall.year, wall.month, wall.day, wall.hour, 0));
}

/** The instant at which the lock's clock reads the whole hour picked. */
function instantOf(picked: Dayjs, offsetMs: number): number {
  return instantOfLockWallClock(
    { year: picked.year(), month: picked.month(), day: picked.date(), hour: picked.hour(), minute: 0 },
    offsetMs,
  );
}

/**
 * A span of whole hours of the lock's clock (passcodes): the picker shows the lock's time,
 * whatever this computer's time zone, and says so with the lock's UTC offset.
 */
export function LockHourRange({
  value,
  onChange,
  offsetMs,
  disabled,
  testId = 'lock-hour-range',
}: {
  value: [number, number] | undefined;
  onChange: (value: [number, number] | undefined) => void;
  offsetMs: number;
  disabled?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const picked: Pair = value ? [pickerValue(value[0], offsetMs), pickerValue(value[1], offsetMs)] : null;
  return (
    <Flex vertical gap={4}>
      <DatePicker.RangePicker
        showTime={{ format: 'HH' }}
        format="YYYY-MM-DD HH:00"
        value={picked}
        disabled={disabled}
        allowClear={false}
        onChange={(next: Pair) => {
          const [from, to] = next ?? [null, null];
          onChange(from && to ? [instantOf(from, offsetMs), instantOf(to, offsetMs)] : undefined);
        }}
        placeholder={[t('validity.start'), t('validity.end')]}
        style={{ maxWidth: 420, width: '100%' }}
        data-testid={testId}
      />
      <Typography.Text type="secondary" data-testid="lock-time-note">
        {t('passcode.lockTimeNote', { offset: formatUtcOffset(offsetMs) })}
      </Typography.Text>
    </Flex>
  );
}
