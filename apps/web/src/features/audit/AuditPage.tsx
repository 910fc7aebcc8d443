import { DownloadOutlined } from '@ant-design/icons';
import { AUDIT_ACTOR_MAX, csvStream } from '@smartlock/contract';
import { Alert, Button, DatePicker, Descriptions, Flex, Input, Select, Space, Table, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorText } from '../../api/failureMessage';
import { useConsole } from '../../app/context';
import { saveFile } from '../../app/saveFile';
import { type FitColumn, FitTable, OneLine } from '../../ui/FitTable';
import { ALL_LOCKS, useLocks } from '../lock/lockApi';
import {
  type AuditEntry,
  type AuditFilter,
  allAuditEntries,
  type ChainStatus,
  useAuditEntries,
  useChainStatus,
} from './auditApi';
import { auditSheet, changesOf, valueText } from './auditSheet';

const PAGE_SIZE = 20;
const TIME = 'YYYY-MM-DD HH:mm:ss';
const CSV_TYPE = 'text/csv;charset=utf-8';
const EXPORT_COLUMNS = [
  'seq',
  'time',
  'account',
  'actor',
  'kind',
  'session',
  'apiKey',
  'ip',
  'userAgent',
  'path',
  'lock',
  'target',
  'params',
  'before',
  'after',
  'prevHash',
  'hash',
] as const;

async function bytesOf(chunks: AsyncIterable<Uint8Array>): Promise<Blob> {
  const parts: BlobPart[] = [];
  for await (const chunk of chunks) parts.push(chunk as BlobPart);
  return new Blob(parts);
}

/** The chain's check as one line: verified up to an entry with the head's hash, empty, or broken at an entry. */
function ChainLine({ chain }: { chain: ChainStatus }) {
  const { t } = useTranslation();
  if (!chain.ok) {
    return (
      <Alert
        type="error"
        showIcon
        data-testid="audit-chain"
        data-ok="false"
        title={t('audit.chainBroken', {
          seq: chain.brokenSeq,
          reason: t(`audit.reason.${chain.reason ?? 'altered'}`),
        })}
      />
    );
  }
  return (
    <Alert
      type="success"
      showIcon
      data-testid="audit-chain"
      data-ok="true"
      title={
        chain.headSeq === 0
          ? t('audit.chainEmpty')
          : t('audit.chainOk', { seq: chain.verifiedSeq, hash: chain.headHash })
      }
      description={chain.anchorSeq > 0 ? t('audit.chainAnchor', { seq: chain.anchorSeq }) : undefined}
      style={{ overflowWrap: 'anywhere' }}
    />
  );
}

/** An entry opened: each field before and after, then what else the entry says. */
function EntryDetail({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const changes = changesOf(entry);
  return (
    <Flex vertical gap={12} data-testid="audit-detail">
      {changes.length === 0 ? (
        <Typography.Text type="secondary">{t('audit.noDiff')}</Typography.Text>
      ) : (
        <Table
          size="small"
          pagination={false}
          rowKey="field"
          dataSource={changes}
          data-testid="audit-diff"
          columns={[
            { key: 'field', title: t('audit.diff.field'), dataIndex: 'field' },
            {
              key: 'before',
              title: t('audit.diff.before'),
              render: (_v, change) => <Typography.Text delete>{valueText(change.before)}</Typography.Text>,
            },
            {
              key: 'after',
              title: t('audit.diff.after'),
              render: (_v, change) => <Typography.Text strong>{valueText(change.after)}</Typography.Text>,
            },
          ]}
        />
      )}
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'params', label: t('audit.column.params'), children: valueText(entry.params) },
          { key: 'userAgent', label: t('audit.column.userAgent'), children: entry.userAgent },
          {
            key: 'session',
            label: t('audit.column.session'),
            children: entry.sessionId ?? entry.apiKeyId ?? entry.appId,
          },
          { key: 'prevHash', label: t('audit.column.prevHash'), children: <code>{entry.prevHash}</code> },
          { key: 'hash', label: t('audit.column.hash'), children: <code>{entry.hash}</code> },
        ]}
      />
    </Flex>
  );
}

/**
 * The audit trail (docs/governance.md "Audit trail"): the changes the user may read — their
 * account's chain and their own actions on others' locks — filtered by lock, actor and dates,
 * each opened to its before and after; the chain's check; the export with the chain's head.
 */
export default function AuditPage() {
  const { t } = useTranslation();
  const { api } = useConsole();
  const [search] = useSearchParams();
  const initialLock = Number(search.get('lockId')) || undefined;
  const [filter, setFilter] = useState<AuditFilter>({ lockId: initialLock });
  const [actorText, setActorText] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string>();
  const entries = useAuditEntries(filter, pageNo, PAGE_SIZE);
  const chain = useChainStatus();
  const locks = useLocks({ ...ALL_LOCKS, pageNo: 1, pageSize: 200 });

  const narrow = (next: Partial<AuditFilter>) => {
    setFilter((now) => ({ ...now, ...next }));
    setPageNo(1);
  };

  const columns = useMemo<FitColumn<AuditEntry>[]>(
    () => [
      {
        key: 'time',
        title: t('audit.column.time'),
        minWidth: 170,
        render: (_v, entry) => dayjs(entry.at).format(TIME),
      },
      {
        key: 'path',
        title: t('audit.column.path'),
        minWidth: 170,
        render: (_v, entry) => <OneLine text={entry.path} />,
      },
      {
        key: 'lock',
        title: t('audit.column.lock'),
        minWidth: 140,
        drop: 2,
        render: (_v, entry) => <OneLine text={entry.lockAlias ?? (entry.lockId ? `#${entry.lockId}` : '—')} />,
      },
      {
        key: 'actor',
        title: t('audit.column.actor'),
        minWidth: 200,
        drop: 1,
        render: (_v, entry) => (
          <Flex vertical>
            <OneLine text={entry.actorAccount || '—'} />
            <span>
              <Tag>{t(`audit.kind.${entry.actorKind}`)}</Tag>
            </span>
          </Flex>
        ),
      },
      {
        key: 'ip',
        title: t('audit.column.ip'),
        minWidth: 130,
        drop: 3,
        render: (_v, entry) => <OneLine text={entry.ip} />,
      },
      {
        key: 'seq',
        title: t('audit.column.seq'),
        minWidth: 70,
        drop: 4,
        render: (_v, entry) => `#${entry.seq}`,
      },
    ],
    [t],
  );

  async function save() {
    if (!chain.data) return;
    setExporting(true);
    setExportError(undefined);
    try {
      const all = await allAuditEntries(api, filter);
      const sheet = auditSheet(all, chain.data, {
        columns: EXPORT_COLUMNS.map((column) => t(`audit.column.${column}`)),
        head: (seq, hash) => t('audit.exportHead', { seq, hash }),
        broken: (seq) => t('audit.exportBroken', { seq }),
      });
      const day = dayjs().format('YYYY-MM-DD');
      saveFile(await bytesOf(csvStream(sheet.columns, sheet.rows)), `${t('route.audit')} ${day}.csv`, CSV_TYPE);
    } catch (error) {
      setExportError(errorText(t, error));
    } finally {
      setExporting(false);
    }
  }

  const data = entries.data;
  const range: [Dayjs, Dayjs] | null =
    filter.startDate !== undefined && filter.endDate !== undefined
      ? [dayjs(filter.startDate), dayjs(filter.endDate)]
      : null;

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="audit-page">
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('audit.intro')}
      </Typography.Paragraph>
      {chain.data ? <ChainLine chain={chain.data} /> : null}
      {chain.isError ? <Alert type="error" showIcon title={errorText(t, chain.error)} /> : null}
      <Flex wrap gap={12} align="center">
        <Select<number | undefined>
          aria-label={t('audit.filterLock')}
          style={{ minWidth: 200 }}
          value={filter.lockId}
          onChange={(lockId) => narrow({ lockId })}
          allowClear
          placeholder={t('audit.allLocks')}
          options={(locks.data?.list ?? []).map((lock) => ({ value: lock.lockId, label: lock.lockName }))}
          data-testid="audit-lock"
        />
        <Input.Search
          aria-label={t('audit.filterActor')}
          placeholder={t('audit.filterActor')}
          style={{ width: 260 }}
          maxLength={AUDIT_ACTOR_MAX}
          value={actorText}
          onChange={(event) => setActorText(event.target.value)}
          onSearch={(actor) => narrow({ actor: actor.trim() || undefined })}
          allowClear
          data-testid="audit-actor"
        />
        <DatePicker.RangePicker
          aria-label={t('audit.filterDates')}
          value={range}
          onChange={(picked) => {
            const [from, to] = picked ?? [null, null];
            narrow({
              startDate: from ? from.startOf('day').valueOf() : undefined,
              endDate: to ? to.endOf('day').valueOf() + 1 : undefined,
            });
          }}
          data-testid="audit-dates"
        />
        <Button
          icon={<DownloadOutlined />}
          loading={exporting}
          disabled={exporting || !data || !chain.data}
          onClick={() => void save()}
          data-testid="audit-export"
        >
          {t('audit.exportCsv')}
        </Button>
      </Flex>
      {exportError ? <Alert type="error" showIcon title={exportError} /> : null}
      {entries.isError ? <Alert type="error" showIcon title={errorText(t, entries.error)} /> : null}
      {data ? (
        <Typography.Text data-testid="audit-total" data-total={data.total}>
          {data.total === 0 ? t('audit.none') : t('audit.total', { count: data.total })}
        </Typography.Text>
      ) : null}
      <FitTable<AuditEntry>
        columns={columns}
        dataSource={data?.list ?? []}
        loading={entries.isFetching}
        rowKey={(entry) => `${entry.accountId}-${entry.seq}`}
        expandable={{ expandedRowRender: (entry) => <EntryDetail entry={entry} /> }}
        onRow={(entry) =>
          ({
            'data-testid': 'audit-row',
            'data-path': entry.path,
            'data-seq': entry.seq,
          }) as React.HTMLAttributes<HTMLElement>
        }
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
