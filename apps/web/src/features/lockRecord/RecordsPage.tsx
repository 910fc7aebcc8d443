import { ArrowLeftOutlined, ExportOutlined, ReloadOutlined } from '@ant-design/icons';
import { RecordQueryType } from '@smartlock/contract';
import { Button, DatePicker, Flex, Grid, Select, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useOffered } from '../../app/offered';
import { pagination } from '../../app/pagination';
import { useRouteLockId } from '../../app/routeLockId';
import { usePaging } from '../../app/usePaging';
import { intlTag } from '../../i18n/format';
import { EmptyWithHint } from '../../ui/EmptyWithHint';
import { LinkButton } from '../../ui/LinkButton';
import { LoadError } from '../../ui/LoadError';
import { LoadingOrFailure } from '../../ui/LoadingOrFailure';
import { SearchBox } from '../../ui/SearchBox';
import { BatteryLevel } from '../lock/BatteryLevel';
import { tabPath } from '../lock/detail/lockTabs';
import { useLockDetail } from '../lock/lockApi';
import { formatUtcOffset } from '../lock/settings/timezones';
import { type RecordItem, useLockRecords } from './lockRecordApi';
import { RecordTypeCell } from './RecordTypeIcon';
import {
  exportRecordsPath,
  filterParams,
  formatLockTime,
  lockDayWindow,
  QUERY_TYPE_NAMES,
  recordFilterOf,
  recordsPath,
  routeQueryTypeOf,
} from './recordFilter';

const DAY = 'YYYY-MM-DD';

/**
 * A lock's records (spec: manage/records): newest first, by the lock's clock; filtered by query
 * type, lock-time days, a person or credential, or — from a credential's "Records" link — one
 * credential (a closable tag says whose). Paged on the server; past 10,000 the total says "at
 * least". Links to exporting the lock's records.
 */
export default function RecordsPage() {
  const { t, i18n } = useTranslation();
  const offered = useOffered();
  const lockId = useRouteLockId();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const filter = recordFilterOf(params);
  const detail = useLockDetail(lockId);
  const [chosenType, setChosenType] = useState<number>(routeQueryTypeOf(params) ?? RecordQueryType.all);
  const [days, setDays] = useState<[Dayjs, Dayjs] | null>(null);
  const [search, setSearch] = useState('');
  const queryType = filter ? filter.queryType : chosenType;
  const offsetMs = detail.data?.timezoneRawOffset ?? 0;
  const span = days ? lockDayWindow(days[0].format(DAY), days[1].format(DAY), offsetMs) : undefined;
  const credential = filterParams(filter);
  const [page, setPage] = usePaging({ lockId, queryType, credential, span, search });
  const list = useLockRecords({
    lockId,
    queryType,
    credential,
    searchStr: search,
    startDate: span?.startDate,
    endDate: span?.endDate,
    ...page,
  });
  const phone = !Grid.useBreakpoint().md;
  const language = i18n.language;
  const zone = formatUtcOffset(offsetMs);

  const columns = useMemo<ColumnsType<RecordItem>>(() => {
    const tag = intlTag(language);
    const time = (row: RecordItem) => (
      <span data-testid="record-time">{formatLockTime(row.lockDate, offsetMs, tag)}</span>
    );
    const person = (row: RecordItem) => <span data-testid="record-person">{row.person || row.username || '—'}</span>;
    const credentialCell = (row: RecordItem) => <span data-testid="record-credential">{row.keyboardPwd || '—'}</span>;
    const result = (row: RecordItem) => (
      <Tag color={row.success ? 'success' : 'error'} data-testid="record-result" data-success={row.success}>
        {t(row.success ? 'records.result.success' : 'records.result.failed')}
      </Tag>
    );
    const battery = (row: RecordItem) => (row.battery === null ? '—' : <BatteryLevel battery={row.battery} />);
    if (phone) {
      // On a phone each record is one cell: what, when, who with what, and how it went.
      return [
        {
          key: 'record',
          title: t('records.column.type'),
          render: (_value, row) => (
            <Flex vertical gap={4}>
              <Flex justify="space-between" align="center" gap={8} wrap>
                <RecordTypeCell type={row.recordType} />
                {result(row)}
              </Flex>
              <Typography.Text type="secondary">{time(row)}</Typography.Text>
              <Typography.Text>
                {person(row)} · {credentialCell(row)}
              </Typography.Text>
              {row.battery === null ? null : (
                <Flex gap={4} align="center">
                  <Typography.Text type="secondary">{t('records.column.battery')}:</Typography.Text>
                  {battery(row)}
                </Flex>
              )}
            </Flex>
          ),
        },
      ];
    }
    return [
      { key: 'time', title: `${t('records.column.time')} (${zone})`, render: (_value, row) => time(row) },
      {
        key: 'type',
        title: t('records.column.type'),
        render: (_value, row) => <RecordTypeCell type={row.recordType} />,
      },
      { key: 'person', title: t('records.column.person'), render: (_value, row) => person(row) },
      { key: 'credential', title: t('records.column.credential'), render: (_value, row) => credentialCell(row) },
      { key: 'result', title: t('records.column.result'), render: (_value, row) => result(row) },
      { key: 'battery', title: t('records.column.battery'), render: (_value, row) => battery(row) },
    ];
  }, [t, language, offsetMs, phone, zone]);

  if (!detail.data) return <LoadingOrFailure error={detail.error ?? undefined} retry={() => void detail.refetch()} />;
  const lockName = detail.data.lockName;
  const data = list.data;
  const filtered = Boolean(filter || search || days || chosenType !== RecordQueryType.all);
  const empty = filtered ? (
    <EmptyWithHint title={t('lockRecord.noMatchTitle')} hint={t('lockRecord.noMatchHint')} testId="records-empty" />
  ) : (
    <EmptyWithHint title={t('lockRecord.emptyTitle')} hint={t('lockRecord.emptyHint')} testId="records-empty" />
  );

  return (
    <Flex vertical gap={16} data-testid="records-page">
      <LinkButton to={tabPath('ekey', lockId)} type="link" icon={<ArrowLeftOutlined />} style={{ paddingInline: 0 }}>
        {t('lockRecord.backToLock', { name: lockName })}
      </LinkButton>
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('lockRecord.title', { name: lockName })}
        </Typography.Title>
        <Flex wrap gap={8}>
          <Button
            icon={<ReloadOutlined />}
            onClick={() => void list.refetch()}
            loading={list.isFetching && !list.isPending}
            data-testid="records-refresh"
          >
            {t('lockRecord.refresh')}
          </Button>
          {offered(exportRecordsPath(lockId)) ? (
            <LinkButton to={exportRecordsPath(lockId)} data-testid="records-export" icon={<ExportOutlined />}>
              {t('lockRecord.export')}
            </LinkButton>
          ) : null}
        </Flex>
      </Flex>
      {filter ? (
        <Flex wrap gap={8} align="center">
          <Tag
            closable
            color="blue"
            onClose={(event) => {
              event.preventDefault();
              void navigate(recordsPath(lockId));
            }}
            style={{ fontSize: 14, paddingBlock: 2 }}
            data-testid="records-filter-tag"
            data-param={filter.param}
          >
            {t(`lockRecord.filter.${filter.param}`, {
              value: filter.param === 'keyId' && data?.list[0]?.person ? data.list[0].person : filter.value,
            })}
          </Tag>
          <Link to={recordsPath(lockId)} data-testid="records-all">
            {t('lockRecord.allRecords')}
          </Link>
        </Flex>
      ) : null}
      <Flex wrap gap={12} align="center">
        <Select<number>
          value={queryType}
          onChange={setChosenType}
          disabled={Boolean(filter)}
          style={{ minWidth: 200 }}
          aria-label={t('lockRecord.queryType')}
          options={QUERY_TYPE_NAMES.map((name) => ({
            value: RecordQueryType[name],
            label: <span data-testid={`records-query-type-${name}`}>{t(`records.queryType.${name}`)}</span>,
          }))}
          data-testid="records-query-type"
        />
        <span data-testid="records-range">
          <DatePicker.RangePicker
            format={DAY}
            value={days}
            onChange={(picked) => {
              const [from, to] = picked ?? [null, null];
              setDays(from && to ? [from, to] : null);
            }}
            placeholder={[t('validity.firstDay'), t('validity.lastDay')]}
            aria-label={t('lockRecord.range')}
            style={phone ? { width: '100%' } : undefined}
          />
        </span>
        <SearchBox label={t('lockRecord.searchPlaceholder')} onSearch={setSearch} testId="records-search" />
      </Flex>
      <Typography.Text type="secondary" data-testid="records-zone">
        {t('lockRecord.timeZone', { zone })}
      </Typography.Text>
      {list.isError ? <LoadError error={list.error} retry={() => void list.refetch()} /> : null}
      <Table<RecordItem>
        rowKey="recordId"
        columns={columns}
        dataSource={data?.list}
        loading={list.isPending || (list.isPlaceholderData && list.isFetching)}
        scroll={phone ? undefined : { x: 'max-content' }}
        onRow={(row) =>
          ({
            'data-testid': 'record-row',
            'data-record-type': row.recordType,
            'data-success': row.success,
          }) as object
        }
        locale={{ emptyText: list.isPending ? ' ' : empty }}
        pagination={
          data && data.total > 0
            ? {
                ...pagination(t, data),
                ...(data.totalExact
                  ? {}
                  : {
                      showTotal: () =>
                        t('lockRecord.totalCapped', {
                          total: `${data.total.toLocaleString(intlTag(language))}+`,
                        }),
                    }),
                ...(phone ? { simple: true, showSizeChanger: false } : {}),
                onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
              }
            : false
        }
        data-testid="records-table"
      />
    </Flex>
  );
}
