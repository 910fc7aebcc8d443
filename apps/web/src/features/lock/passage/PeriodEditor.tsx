import { DeleteOutlined } from '@ant-design/icons';
import type { ErrorName, PassagePeriod } from '@smartlock/contract';
import { Button, Card, Checkbox, Flex, TimePicker, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { allDayTimes, endMinuteOf, isAllDay, type PeriodDraft, WEEKDAYS, withWeekday } from './periods';
import { weekdayName } from './weekdays';

const FORMAT = 'HH:mm';
const clockOf = (minutes: number): Dayjs =>
  dayjs()
    .startOf('day')
    .add(minutes % 1440, 'minute');

/** One passage-mode period: its weekdays, and all day or from a start to an end time. */
export function PeriodEditor({
  period,
  index,
  issue,
  onChange,
  onRemove,
}: {
  period: PeriodDraft;
  index: number;
  issue: ErrorName | undefined;
  onChange: (change: Partial<PassagePeriod>) => void;
  onRemove: () => void;
}) {
  const { t, i18n } = useTranslation();
  const allDay = isAllDay(period);
  return (
    <Card
      size="small"
      title={t('passage.period', { number: index + 1 })}
      extra={
        <Button
          type="text"
          danger
          icon={<DeleteOutlined />}
          onClick={onRemove}
          aria-label={t('passage.removePeriod')}
          data-testid="period-remove"
        >
          {t('passage.removePeriod')}
        </Button>
      }
      data-testid="passage-period"
      data-period-id={period.id}
    >
      <Flex vertical gap={12}>
        <Flex wrap gap={8} role="group" aria-label={t('passage.weekdays')}>
          {WEEKDAYS.map((day) => (
            <Checkbox
              key={day}
              checked={period.weekDays.includes(day)}
              onChange={(event) => onChange({ weekDays: withWeekday(period, day, event.target.checked) })}
              data-testid={`weekday-${day}`}
            >
              {weekdayName(day, i18n.language)}
            </Checkbox>
          ))}
        </Flex>
        <Flex wrap gap={12} align="center">
          <Checkbox
            checked={allDay}
            onChange={(event) => onChange(allDayTimes(event.target.checked))}
            data-testid="period-all-day"
          >
            {t('passage.allDay')}
          </Checkbox>
          {allDay ? null : (
            <Flex wrap gap={8} align="center">
              <TimePicker
                format={FORMAT}
                allowClear={false}
                needConfirm={false}
                value={clockOf(period.startMinute)}
                onChange={(value) => value && onChange({ startMinute: value.hour() * 60 + value.minute() })}
                aria-label={t('passage.start')}
                placeholder={t('passage.start')}
                data-testid="period-start"
              />
              <Typography.Text type="secondary">{t('passage.to')}</Typography.Text>
              <TimePicker
                format={FORMAT}
                allowClear={false}
                needConfirm={false}
                value={clockOf(period.endMinute)}
                onChange={(value) => value && onChange({ endMinute: endMinuteOf(value.hour(), value.minute()) })}
                aria-label={t('passage.end')}
                placeholder={t('passage.end')}
                data-testid="period-end"
              />
            </Flex>
          )}
        </Flex>
        {issue ? (
          <Typography.Text type="danger" data-testid="period-issue">
            {t(`errors.${issue}`)}
          </Typography.Text>
        ) : null}
      </Flex>
    </Card>
  );
}
