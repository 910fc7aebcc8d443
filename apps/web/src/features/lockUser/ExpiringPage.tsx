import { lockUser } from '@smartlock/contract/refs';
import { Alert, DatePicker, Flex, Grid, Segmented, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePaging } from '../../app/usePaging';
import { CredentialTable } from '../../ui/CredentialTable';
import { type FitColumn, OneLine } from '../../ui/FitTable';
import { SearchBox } from '../../ui/SearchBox';
import { formatInstant } from '../credentials/validityText';
import { CredentialCell } from './CredentialCell';
import {
  type DayRange,
  EXPIRY_PRESETS,
  isRangeAllowed,
  presetOf,
  presetRange,
  rangeDays,
  windowOf,
} from './expiryWindow';
import { LockUserStatusTag } from './LockUserStatusTag';
import { type ExpiringCredential, useExpiringCredentials } from './lockUserApi';
import { kindNameKey } from './lockUserKinds';

const DATE = 'YYYY-MM-DD';

/**
 * Credentials about to expire (spec: lockUser/onDate): those ending between two days (a week from
 * today unless changed, 366 days at most), searchable, soonest first, with their person and lock
 * and the end in the lock's time.
 */
export default function ExpiringPage() {
  const { t, i18n } = useTranslation();
  const [now] = useState(() => Date.now());
  const [range, setRange] = useState<DayRange>(() => presetRange(now));
  const [search, setSearch] = useState('');
  const allowed = isRangeAllowed(range);
  const span = windowOf(range);
  const [page, setPage] = usePaging({ span, search });
  const list = useExpiringCredentials({ ...span, searchStr: search, ...page }, allowed);
  const preset = presetOf(range, now);
  const phone = !Grid.useBreakpoint().md;

  const columns = useMemo<FitColumn<ExpiringCredential>[]>(() => {
    const ends = (row: ExpiringCredential) => (
      <span data-testid="expiring-end">
        {row.endDate === null
          ? '—'
          : formatInstant(row.endDate, { language: i18n.language, offsetMs: row.timezoneRawOffset })}
      </span>
    );
    if (phone) {
      // On a phone each credential is one cell: who, where, what, and when it ends.
      return [
        {
          key: 'credential',
          title: t('lockUser.column.person'),
          minWidth: 0,
          render: (_value, row) => (
            <Flex vertical gap={4}>
              <Typography.Text strong data-testid="expiring-person">
                {row.userName}
              </Typography.Text>
              <Typography.Text type="secondary">
                {row.lockAlias} · {t(kindNameKey(row.kind))} · {row.label}
              </Typography.Text>
              <Flex gap={8} align="center" wrap>
                {ends(row)}
                <LockUserStatusTag kind={row.kind} status={row.status} />
              </Flex>
            </Flex>
          ),
        },
      ];
    }
    return [
      {
        key: 'person',
        title: t('lockUser.column.person'),
        dataIndex: 'userName',
        minWidth: 180,
        grow: true,
        render: (name: string) => <OneLine text={name} strong testId="expiring-person" />,
      },
      {
        key: 'lock',
        title: t('lockUser.column.lock'),
        dataIndex: 'lockAlias',
        minWidth: 160,
        drop: 3,
        render: (alias: string) => <OneLine text={alias} />,
      },
      {
        key: 'kind',
        title: t('lockUser.column.kind'),
        dataIndex: 'kind',
        minWidth: 120,
        drop: 1,
        render: (kind: string) => t(kindNameKey(kind)),
      },
      {
        key: 'credential',
        title: t('lockUser.column.credential'),
        minWidth: 180,
        drop: 2,
        render: (_value, row) => <CredentialCell label={row.label} name={row.name} />,
      },
      { key: 'end', title: t('lockUser.column.end'), minWidth: 180, drop: 4, render: (_value, row) => ends(row) },
      {
        key: 'status',
        title: t('credential.column.status'),
        minWidth: 150,
        drop: 5,
        render: (_value, row) => <LockUserStatusTag kind={row.kind} status={row.status} />,
      },
    ];
  }, [t, i18n.language, phone]);

  const pickerValue: [Dayjs, Dayjs] = [dayjs(range[0]), dayjs(range[1])];

  return (
    <>
      <Typography.Paragraph type="secondary" data-testid="expiring-intro">
        {t('lockUser.expiringIntro')}
      </Typography.Paragraph>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Flex wrap gap={12} align="center">
          <span data-testid="expiring-range">
            <DatePicker.RangePicker
              format={DATE}
              value={pickerValue}
              allowClear={false}
              disabledDate={(current, info) => {
                const from = info?.from;
                return from ? Math.abs(current.diff(from, 'day')) >= lockUser.EXPIRY_WINDOW_MAX_DAYS : false;
              }}
              onChange={(picked) => {
                const [from, to] = picked ?? [null, null];
                if (from && to) setRange([from.startOf('day').valueOf(), to.startOf('day').valueOf()]);
              }}
              placeholder={[t('validity.firstDay'), t('validity.lastDay')]}
              aria-label={t('lockUser.window')}
            />
          </span>
          <Segmented<number>
            value={preset ?? -1}
            onChange={(days) => setRange(presetRange(now, days))}
            options={EXPIRY_PRESETS.map((days) => ({
              value: days,
              label: <span data-testid={`expiring-preset-${days}`}>{t('lockUser.presetDays', { count: days })}</span>,
            }))}
            data-testid="expiring-presets"
          />
        </Flex>
        <SearchBox label={t('lockUser.searchPlaceholder')} onSearch={setSearch} testId="expiring-search" />
      </Flex>
      {allowed ? (
        <CredentialTable<ExpiringCredential>
          kind="expiring"
          texts="lockUser.expiringList"
          list={list}
          columns={columns}
          rowKey={(row) => `${row.kind}-${row.credentialId}`}
          searchStr={search}
          onPage={setPage}
          rowProps={(row) => ({ 'data-testid': 'expiring-row', 'data-kind': row.kind, 'data-lock-user': row.lockUser })}
        />
      ) : (
        <Alert
          type="warning"
          showIcon
          title={t('lockUser.windowTooLong', { count: lockUser.EXPIRY_WINDOW_MAX_DAYS, days: rangeDays(range) })}
          data-testid="expiring-too-long"
        />
      )}
    </>
  );
}
