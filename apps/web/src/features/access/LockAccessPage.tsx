import { ArrowLeftOutlined, DownloadOutlined } from '@ant-design/icons';
import {
  accessKindKey,
  accessSheet,
  accessValidityKey,
  csvStream,
  cycleText,
  lockTimeText,
  type SheetText,
} from '@smartlock/contract';
import { Alert, Button, DatePicker, Flex, Segmented, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/failureMessage';
import { useConsole } from '../../app/context';
import { useRouteLockId } from '../../app/routeLockId';
import { saveFile } from '../../app/saveFile';
import { type FitColumn, FitTable, OneLine } from '../../ui/FitTable';
import { LinkButton } from '../../ui/LinkButton';
import { LoadingOrFailure } from '../../ui/LoadingOrFailure';
import { tabPath } from '../lock/detail/lockTabs';
import { useLockDetail } from '../lock/lockApi';
import { CredentialCell } from '../lockUser/CredentialCell';
import { type AccessRow, useLockAccess, wholeLockAccess } from './accessApi';
import { type AccessWhen, accessFileName, periodAllowed } from './accessWindow';

const PAGE_SIZE = 20;
const TIME = 'YYYY-MM-DD HH:mm';
const CSV_TYPE = 'text/csv;charset=utf-8';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function bytesOf(chunks: AsyncIterable<Uint8Array>): Promise<Blob> {
  const parts: BlobPart[] = [];
  for await (const chunk of chunks) parts.push(chunk as BlobPart);
  return new Blob(parts);
}

/**
 * Who can open a lock (docs/governance.md "Access at a moment"): at a moment or during a period of
 * at most 31 days, every credential that opens it with its person, validity and cycle (times in
 * the lock's time), whether passage mode lets anyone in then, and the answer as CSV or .xlsx.
 */
export default function LockAccessPage() {
  const { t, i18n } = useTranslation();
  const { api } = useConsole();
  const lockId = useRouteLockId();
  const detail = useLockDetail(lockId);
  const [mode, setMode] = useState<'moment' | 'period'>('moment');
  const [when, setWhen] = useState<AccessWhen>(() => ({ kind: 'moment', at: Date.now() }));
  const [pageNo, setPageNo] = useState(1);
  const [exporting, setExporting] = useState<'csv' | 'xlsx'>();
  const [exportError, setExportError] = useState<string>();
  const answer = useLockAccess(lockId, when, pageNo, PAGE_SIZE);
  const text: SheetText = (key) => t(key);

  const columns = useMemo<FitColumn<AccessRow>[]>(() => {
    const time = (ms: number | null, row: AccessRow) => (ms === null ? '' : lockTimeText(ms, row.timezoneRawOffset));
    return [
      {
        key: 'person',
        title: t('records.column.person'),
        minWidth: 180,
        render: (_value, row) => <OneLine text={row.userName || '—'} />,
      },
      {
        key: 'kind',
        title: t('access.column.kind'),
        minWidth: 110,
        drop: 3,
        render: (_value, row) => t(accessKindKey(row.kind) ?? row.kind),
      },
      {
        key: 'credential',
        title: t('records.column.credential'),
        minWidth: 170,
        drop: 2,
        render: (_value, row) => <CredentialCell label={row.label} name={row.name} />,
      },
      {
        key: 'validity',
        title: t('access.column.validity'),
        minWidth: 200,
        drop: 1,
        render: (_value, row) => {
          const validity = accessValidityKey(row.validityType);
          const span = row.startDate !== null || row.endDate !== null;
          return (
            <Flex vertical>
              <span>{validity ? t(validity) : ''}</span>
              {span ? <OneLine text={`${time(row.startDate, row)} – ${time(row.endDate, row)}`} secondary /> : null}
              {row.cycle ? <OneLine text={cycleText(row.cycle, i18n.language)} secondary /> : null}
            </Flex>
          );
        },
      },
    ];
  }, [t, i18n.language]);

  if (!detail.data) {
    return <LoadingOrFailure error={detail.isError ? detail.error : undefined} retry={() => void detail.refetch()} />;
  }
  const lockName = detail.data.lockName;

  async function save(format: 'csv' | 'xlsx') {
    setExporting(format);
    setExportError(undefined);
    try {
      const whole = await wholeLockAccess(api, lockId, when);
      const sheet = accessSheet(whole, text, i18n.language);
      if (format === 'csv') {
        saveFile(await bytesOf(csvStream(sheet.columns, sheet.rows)), accessFileName(lockName, when, 'csv'), CSV_TYPE);
      } else {
        // The xlsx writer is loaded here, on the first export, not with the page.
        const { xlsxFile } = await import('../lockUser/xlsxFile');
        saveFile(await xlsxFile(sheet), accessFileName(lockName, when, 'xlsx'), XLSX_TYPE);
      }
    } catch (error) {
      setExportError(errorText(t, error));
    } finally {
      setExporting(undefined);
    }
  }

  const ask = (next: AccessWhen) => {
    setWhen(next);
    setPageNo(1);
  };
  const data = answer.data;
  const passage = data?.passageLocks[0];
  const momentValue: Dayjs = dayjs(when.kind === 'moment' ? when.at : when.from);
  const periodValue: [Dayjs, Dayjs] =
    when.kind === 'period' ? [dayjs(when.from), dayjs(when.to)] : [dayjs(when.at), dayjs(when.at).add(1, 'day')];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="lock-access">
      <LinkButton to={tabPath('ekey', lockId)} type="link" icon={<ArrowLeftOutlined />} style={{ paddingInline: 0 }}>
        {t('passage.backToLock', { name: lockName })}
      </LinkButton>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('lockAccess.title', { name: lockName })}
      </Typography.Title>
      <Flex wrap gap={12} align="center">
        <Segmented<'moment' | 'period'>
          aria-label={t('lockAccess.askAbout')}
          value={mode}
          onChange={(next) => {
            setMode(next);
            ask(
              next === 'moment'
                ? { kind: 'moment', at: momentValue.valueOf() }
                : { kind: 'period', from: periodValue[0].valueOf(), to: periodValue[1].valueOf() },
            );
          }}
          options={[
            { value: 'moment', label: t('lockAccess.moment') },
            { value: 'period', label: t('lockAccess.period') },
          ]}
          data-testid="access-mode"
        />
        {mode === 'moment' ? (
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format={TIME}
            value={momentValue}
            allowClear={false}
            onChange={(picked) => (picked ? ask({ kind: 'moment', at: picked.valueOf() }) : undefined)}
            aria-label={t('lockAccess.momentLabel')}
            data-testid="access-moment"
          />
        ) : (
          <DatePicker.RangePicker
            showTime={{ format: 'HH:mm' }}
            format={TIME}
            value={periodValue}
            allowClear={false}
            onChange={(picked) => {
              const [from, to] = picked ?? [null, null];
              if (from && to && periodAllowed(from.valueOf(), to.valueOf())) {
                ask({ kind: 'period', from: from.valueOf(), to: to.valueOf() });
              }
            }}
            aria-label={t('lockAccess.periodLabel')}
            data-testid="access-period"
          />
        )}
        <Button
          icon={<DownloadOutlined />}
          loading={exporting === 'csv'}
          disabled={exporting !== undefined || !data}
          onClick={() => void save('csv')}
          data-testid="access-export-csv"
        >
          {t('lockAccess.exportCsv')}
        </Button>
        <Button
          icon={<DownloadOutlined />}
          loading={exporting === 'xlsx'}
          disabled={exporting !== undefined || !data}
          onClick={() => void save('xlsx')}
          data-testid="access-export-xlsx"
        >
          {t('lockAccess.exportXlsx')}
        </Button>
      </Flex>
      {mode === 'period' ? <Typography.Text type="secondary">{t('lockAccess.periodHint')}</Typography.Text> : null}
      {exportError ? <Alert type="error" showIcon title={exportError} /> : null}
      {answer.isError ? <Alert type="error" showIcon title={errorText(t, answer.error)} /> : null}
      {passage ? (
        <Alert
          type="warning"
          showIcon
          data-testid="access-passage"
          title={t('lockAccess.passage', {
            periods: passage.allDay
              ? t('access.allDay')
              : passage.periods.map((period) => cycleText(period, i18n.language)).join('; '),
          })}
        />
      ) : null}
      {data ? (
        <Typography.Text data-testid="access-total" data-total={data.total}>
          {data.total === 0 ? t('lockAccess.nobody') : t('lockAccess.total', { total: data.total })}
        </Typography.Text>
      ) : null}
      <FitTable<AccessRow>
        columns={columns}
        dataSource={data?.list ?? []}
        loading={answer.isFetching}
        rowKey={(row) => `${row.kind}-${row.credentialId}`}
        onRow={(row) => ({ 'data-testid': 'access-row', 'data-kind': row.kind }) as React.HTMLAttributes<HTMLElement>}
        pagination={{
          current: pageNo,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          showSizeChanger: false,
          onChange: setPageNo,
          hideOnSinglePage: true,
        }}
      />
    </Space>
  );
}
