import { ValidityType } from '@smartlock/contract';
import { Checkbox, DatePicker, Flex, Radio, TimePicker, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { WEEKDAYS } from '../lock/passage/periods';
import { weekdayName } from '../lock/passage/weekdays';
import {
  endMinuteOf,
  endOfLocalDay,
  startOfLocalDay,
  VALIDITY_TYPES,
  type ValidityDraft,
  type ValidityTypeValue,
} from './validity';

const TYPE_NAME: Record<ValidityTypeValue, 'permanent' | 'limited' | 'once' | 'cyclic'> = {
  [ValidityType.permanent]: 'permanent',
  [ValidityType.limited]: 'limited',
  [ValidityType.once]: 'once',
  [ValidityType.cyclic]: 'cyclic',
};

const DATE_TIME = 'YYYY-MM-DD HH:mm';
const DATE = 'YYYY-MM-DD';
const CLOCK = 'HH:mm';

const clockOf = (minutes: number): Dayjs =>
  dayjs()
    .startOf('day')
    .add(minutes % 1440, 'minute');

type Pair = [Dayjs | null, Dayjs | null] | null;

/**
 * A credential's validity, the same everywhere an eKey, card, fingerprint, ... is issued or
 * changed: permanent; limited or once from a date and time to another; or cyclic between two
 * dates, on chosen weekdays, between two times of the lock's day. Works as a form control
 * (`value`, `onChange`). `types` limits the choice (a hotel card is only ever timed);
 * `hints` names the i18n group of the explanations (`<hints>.permanentHint`, ...), which
 * speak of "the key" by default.
 */
export function ValidityEditor({
  value,
  onChange,
  disabled,
  types = VALIDITY_TYPES,
  hints = 'validity',
}: {
  value?: ValidityDraft;
  onChange?: (value: ValidityDraft) => void;
  disabled?: boolean;
  types?: readonly ValidityTypeValue[];
  hints?: string;
}) {
  const { t, i18n } = useTranslation();
  if (!value) return null;
  const change = (patch: Partial<ValidityDraft>) => onChange?.({ ...value, ...patch });
  const range: Pair = value.range ? [dayjs(value.range[0]), dayjs(value.range[1])] : null;
  const days: Pair = value.days ? [dayjs(value.days[0]), dayjs(value.days[1])] : null;

  return (
    <Flex vertical gap={12} data-testid="validity-editor" data-validity-type={TYPE_NAME[value.type]}>
      {types.length > 1 ? (
        <Radio.Group
          value={value.type}
          disabled={disabled}
          optionType="button"
          onChange={(event) => change({ type: event.target.value as ValidityTypeValue })}
          aria-label={t('validity.type')}
        >
          {types.map((type) => (
            <Radio.Button key={type} value={type} data-testid={`validity-type-${TYPE_NAME[type]}`}>
              {t(`validity.types.${TYPE_NAME[type]}`)}
            </Radio.Button>
          ))}
        </Radio.Group>
      ) : null}
      {value.type === ValidityType.permanent ? (
        <Typography.Text type="secondary">{t(`${hints}.permanentHint`)}</Typography.Text>
      ) : null}
      {value.type === ValidityType.limited || value.type === ValidityType.once ? (
        <Flex vertical gap={4}>
          <DatePicker.RangePicker
            showTime={{ format: CLOCK }}
            format={DATE_TIME}
            value={range}
            disabled={disabled}
            allowClear={false}
            onChange={(picked: Pair) => {
              const [from, to] = picked ?? [null, null];
              change({
                range: from && to ? [from.startOf('minute').valueOf(), to.startOf('minute').valueOf()] : undefined,
              });
            }}
            placeholder={[t('validity.start'), t('validity.end')]}
            style={{ maxWidth: 420, width: '100%' }}
            data-testid="validity-range"
          />
          <Typography.Text type="secondary">
            {t(value.type === ValidityType.once ? `${hints}.onceHint` : `${hints}.limitedHint`)}
          </Typography.Text>
        </Flex>
      ) : null}
      {value.type === ValidityType.cyclic ? (
        <Flex vertical gap={12}>
          <DatePicker.RangePicker
            format={DATE}
            value={days}
            disabled={disabled}
            allowClear={false}
            onChange={(picked: Pair) => {
              const [from, to] = picked ?? [null, null];
              change({
                days: from && to ? [startOfLocalDay(from.valueOf()), endOfLocalDay(to.valueOf())] : undefined,
              });
            }}
            placeholder={[t('validity.firstDay'), t('validity.lastDay')]}
            style={{ maxWidth: 320, width: '100%' }}
            data-testid="validity-days"
          />
          <Flex wrap gap={8} role="group" aria-label={t('validity.weekdays')}>
            {WEEKDAYS.map((day) => (
              <Checkbox
                key={day}
                disabled={disabled}
                checked={value.weekDays.includes(day)}
                onChange={(event) =>
                  change({
                    weekDays: event.target.checked
                      ? [...new Set([...value.weekDays, day])].sort((a, b) => a - b)
                      : value.weekDays.filter((other) => other !== day),
                  })
                }
                data-testid={`validity-weekday-${day}`}
              >
                {weekdayName(day, i18n.language)}
              </Checkbox>
            ))}
          </Flex>
          <Flex wrap gap={8} align="center">
            <TimePicker
              format={CLOCK}
              allowClear={false}
              needConfirm={false}
              disabled={disabled}
              value={clockOf(value.startMinute)}
              onChange={(picked) => picked && change({ startMinute: picked.hour() * 60 + picked.minute() })}
              aria-label={t('validity.dailyStart')}
              placeholder={t('validity.dailyStart')}
              data-testid="validity-daily-start"
            />
            <Typography.Text type="secondary">–</Typography.Text>
            <TimePicker
              format={CLOCK}
              allowClear={false}
              needConfirm={false}
              disabled={disabled}
              value={clockOf(value.endMinute)}
              onChange={(picked) => picked && change({ endMinute: endMinuteOf(picked.hour(), picked.minute()) })}
              aria-label={t('validity.dailyEnd')}
              placeholder={t('validity.dailyEnd')}
              data-testid="validity-daily-end"
            />
          </Flex>
          <Typography.Text type="secondary">{t(`${hints}.cyclicHint`)}</Typography.Text>
        </Flex>
      ) : null}
    </Flex>
  );
}
