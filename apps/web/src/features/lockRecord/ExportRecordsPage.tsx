import { ArrowLeftOutlined, DownloadOutlined, StopOutlined } from '@ant-design/icons';
import {
  LockRole,
  RECORD_EXPORT,
  RecordExportFormat,
  type RecordExportFormatName,
  RecordQueryType,
} from '@smartlock/contract';
import { lockRecord } from '@smartlock/contract/refs';
import { Alert, Button, Card, DatePicker, Flex, Radio, Segmented, Select, Spin, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText, serverErrorOf } from '../../api/failureMessage';
import { useConsole } from '../../app/context';
import { RouteLockId } from '../../app/routeLockId';
import { saveFile } from '../../app/saveFile';
import { useLeaveConfirmation } from '../../app/useLeaveConfirmation';
import { ExportProgress } from '../../components/ExportProgress';
import { LinkButton } from '../../components/LinkButton';
import { LoadError } from '../../components/LoadError';
import type { PickedLock } from '../../components/LockPickerTable';
import { intlTag } from '../../i18n/format';
import { tabPath } from '../lock/detail/lockTabs';
import { useLockDetail } from '../lock/lockQueries';
import { OwnedLockPicker } from '../lock/OwnedLockPicker';
import { useLockRoles } from '../lockUser/lockUserQueries';
import {
  EXPORT_PRESETS,
  type ExportDays,
  exportWindow,
  isDayAllowed,
  isPeriodAllowed,
  presetDays,
  presetOfDays,
} from './exportWindow';
import { QUERY_TYPE_NAMES } from './recordFilter';
import { DownloadFailure, downloadExport } from './recordQueries';
import { downloadPercent } from './rowCounter';

const DAY = 'YYYY-MM-DD';
const MAX_LOCKS = 200;

interface Run {
  state: 'preparing' | 'downloading' | 'done' | 'stopped' | 'failed';
  done: number;
  total: number;
  fileName?: string;
  /** The message of a failure; `refusal` names the server's reason when the page reacts to it. */
  error?: string;
  refusal?: 'advancedFunctionRequired' | 'noPermission';
}

/**
 * Exports records to an xlsx or CSV file (spec: manage/exportRecord for one lock,
 * console/exportRecord for chosen locks): a period of whole days (the past 183 days at most, a
 * week unless changed, presets up to 180 days), a query type and a format. The server prepares
 * the file and says how many rows; the download is read as it streams, counting rows for the
 * progress bar (stoppable), then saved under the server's file name. The owner's, with the
 * advanced function; an administrator is told to ask the owner.
 */
export default function ExportRecordsPage() {
  const routeLockId = useContext(RouteLockId);
  return routeLockId === undefined ? <ConsoleExport /> : <LockExport lockId={routeLockId} />;
}

/** One lock's records (manage/exportRecord). */
function LockExport({ lockId }: { lockId: number }) {
  const { t } = useTranslation();
  const detail = useLockDetail(lockId);
  if (detail.isPending) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  if (!detail.data) return <LoadError error={detail.error} retry={() => void detail.refetch()} />;
  const back = (
    <LinkButton to={tabPath('ekey', lockId)} type="link" icon={<ArrowLeftOutlined />} style={{ paddingInline: 0 }}>
      {t('lockRecord.backToLock', { name: detail.data.lockName })}
    </LinkButton>
  );
  return (
    <Flex vertical gap={16}>
      {back}
      {detail.data.role === LockRole.owner ? (
        <ExportForm lockIds={[lockId]} intro={t('lockRecord.exportLockIntro', { name: detail.data.lockName })} />
      ) : (
        <Alert type="info" showIcon title={t('lockList.adminAskOwner')} data-testid="admin-ask-owner" />
      )}
    </Flex>
  );
}

/** Chosen locks of the user's own (console/exportRecord). */
function ConsoleExport() {
  const { t } = useTranslation();
  const roles = useLockRoles();
  const [selected, setSelected] = useState<PickedLock[]>([]);
  const [running, setRunning] = useState(false);
  if (roles.pending) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  if (roles.error) return <LoadError error={roles.error} retry={roles.retry} />;
  if (!roles.owns) {
    return roles.administers ? (
      <Alert type="info" showIcon title={t('lockList.adminAskOwner')} data-testid="admin-ask-owner" />
    ) : (
      <Alert type="info" showIcon title={t('lockUser.exportNoLocks')} data-testid="export-no-locks" />
    );
  }
  const tooMany = selected.length > MAX_LOCKS;
  return (
    <ExportForm
      lockIds={tooMany ? [] : selected.map((lock) => lock.lockId)}
      intro={t('lockRecord.exportIntro')}
      onRunning={setRunning}
      locks={
        <Card size="small" title={t('lockRecord.exportLocks')}>
          <Flex vertical gap={12}>
            <OwnedLockPicker
              testId="record-export"
              emptyKey="lockUser.exportNoLocks"
              selected={selected}
              onChange={setSelected}
              disabled={running}
            />
            {tooMany ? (
              <Alert type="warning" showIcon title={t('lockRecord.exportTooManyLocks', { count: MAX_LOCKS })} />
            ) : selected.length === 0 ? (
              <Typography.Text type="secondary" data-testid="record-export-choose">
                {t('errors.selectAtLeastOneLock')}
              </Typography.Text>
            ) : null}
          </Flex>
        </Card>
      }
    />
  );
}

function ExportForm({
  lockIds,
  intro,
  locks,
  onRunning,
}: {
  lockIds: number[];
  intro: string;
  locks?: ReactNode;
  onRunning?: (running: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const { api } = useConsole();
  const [now] = useState(() => Date.now());
  const [days, setDays] = useState<ExportDays>(() => presetDays(now));
  const [queryType, setQueryType] = useState<number>(RecordQueryType.all);
  const [format, setFormat] = useState<RecordExportFormatName>(RecordExportFormat.xlsx);
  const [run, setRun] = useState<Run>();
  const abort = useRef<AbortController>(undefined);
  const running = run?.state === 'preparing' || run?.state === 'downloading';
  useLeaveConfirmation(running);
  useEffect(() => onRunning?.(running), [running, onRunning]);
  useEffect(() => () => abort.current?.abort(), []);

  const allowed = isPeriodAllowed(days, now);
  const preset = presetOfDays(days, now);
  const maxRows = RECORD_EXPORT.maxRows.toLocaleString(intlTag(i18n.language));

  function refusalText(error: unknown): Pick<Run, 'error' | 'refusal'> {
    const name = serverErrorOf(error);
    if (name === 'advancedFunctionRequired' || name === 'noPermission') return { refusal: name };
    if (name === 'maximumExportCountExceeded')
      return { error: t('errors.maximumExportCountExceeded', { count: maxRows }) };
    if (name === 'exportWindowExceeded') return { error: t('errors.exportWindowExceeded') };
    if (name === 'selectAtLeastOneLock') return { error: t('errors.selectAtLeastOneLock') };
    if (error instanceof DownloadFailure)
      return { error: t('lockRecord.exportDownloadFailed', { status: error.status }) };
    return { error: errorText(t, error) };
  }

  async function start() {
    const controller = new AbortController();
    abort.current = controller;
    setRun({ state: 'preparing', done: 0, total: 0 });
    let total = 0;
    let done = 0;
    try {
      const prepared = await api.call(lockRecord.exportRecords, {
        ...(lockIds.length === 1 ? { lockId: lockIds[0] } : { lockIds: lockIds.join(',') }),
        queryType,
        ...exportWindow(days),
        format,
      });
      total = prepared.total;
      if (controller.signal.aborted) {
        setRun({ state: 'stopped', done: 0, total });
        return;
      }
      setRun({ state: 'downloading', done: 0, total, fileName: prepared.fileName });
      const file = await downloadExport(
        prepared,
        format,
        (rows) => {
          done = rows;
          setRun({ state: 'downloading', done: rows, total, fileName: prepared.fileName });
        },
        controller.signal,
      );
      saveFile(file.blob, prepared.fileName, file.blob.type);
      setRun({ state: 'done', done: file.rows, total: file.rows, fileName: prepared.fileName });
    } catch (error) {
      if (controller.signal.aborted) setRun({ state: 'stopped', done, total });
      else setRun({ state: 'failed', done, total, ...refusalText(error) });
    }
  }

  const pickerValue: [Dayjs, Dayjs] = [dayjs(days[0]), dayjs(days[1])];

  return (
    <Flex vertical gap={16} data-testid="record-export-page">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {intro}
      </Typography.Paragraph>
      {locks}
      <Card size="small" title={t('lockRecord.exportWhat')}>
        <Flex vertical gap={16}>
          <Flex vertical gap={8}>
            <Typography.Text strong>{t('lockRecord.exportPeriod')}</Typography.Text>
            <Flex wrap gap={12} align="center">
              <span data-testid="record-export-range">
                <DatePicker.RangePicker
                  format={DAY}
                  value={pickerValue}
                  allowClear={false}
                  disabled={running}
                  disabledDate={(current) => !isDayAllowed(current.valueOf(), now)}
                  onChange={(picked) => {
                    const [from, to] = picked ?? [null, null];
                    if (from && to) setDays([from.startOf('day').valueOf(), to.startOf('day').valueOf()]);
                  }}
                  placeholder={[t('validity.firstDay'), t('validity.lastDay')]}
                  aria-label={t('lockRecord.exportPeriod')}
                />
              </span>
              <Segmented<number>
                value={preset ?? -1}
                disabled={running}
                onChange={(count) => setDays(presetDays(now, count))}
                options={EXPORT_PRESETS.map((count) => ({
                  value: count,
                  label: (
                    <span data-testid={`record-export-preset-${count}`}>{t('lockUser.presetDays', { count })}</span>
                  ),
                }))}
                data-testid="record-export-presets"
              />
            </Flex>
            <Typography.Text type="secondary">
              {t('lockRecord.exportPeriodHint', { count: RECORD_EXPORT.maxDays })}
            </Typography.Text>
            {allowed ? null : (
              <Alert
                type="warning"
                showIcon
                title={t('errors.exportWindowExceeded')}
                data-testid="record-export-window"
              />
            )}
          </Flex>
          <Flex wrap gap={24}>
            <Flex vertical gap={8}>
              <Typography.Text strong>{t('lockRecord.queryType')}</Typography.Text>
              <Select<number>
                value={queryType}
                onChange={setQueryType}
                disabled={running}
                style={{ minWidth: 220 }}
                aria-label={t('lockRecord.queryType')}
                options={QUERY_TYPE_NAMES.map((name) => ({
                  value: RecordQueryType[name],
                  label: <span data-testid={`record-export-type-${name}`}>{t(`records.queryType.${name}`)}</span>,
                }))}
                data-testid="record-export-type"
              />
            </Flex>
            <Flex vertical gap={8}>
              <Typography.Text strong>{t('lockRecord.exportFormat')}</Typography.Text>
              <Radio.Group
                value={format}
                disabled={running}
                onChange={(event) => setFormat(event.target.value as RecordExportFormatName)}
                optionType="button"
                options={[
                  {
                    value: RecordExportFormat.xlsx,
                    label: <span data-testid="record-export-format-xlsx">{t('lockRecord.formatXlsx')}</span>,
                  },
                  {
                    value: RecordExportFormat.csv,
                    label: <span data-testid="record-export-format-csv">{t('lockRecord.formatCsv')}</span>,
                  },
                ]}
              />
            </Flex>
          </Flex>
          <Flex gap={8} wrap>
            <Button
              type="primary"
              icon={<DownloadOutlined />}
              disabled={!allowed || lockIds.length === 0}
              loading={running}
              onClick={() => void start()}
              data-testid="record-export-start"
            >
              {t('lockRecord.exportStart')}
            </Button>
            {running ? (
              <Button icon={<StopOutlined />} onClick={() => abort.current?.abort()} data-testid="record-export-stop">
                {t('lockUser.exportStop')}
              </Button>
            ) : null}
          </Flex>
          {run?.refusal === 'advancedFunctionRequired' ? (
            <Alert
              type="warning"
              showIcon
              title={t('lockRecord.exportNeedsAdvanced')}
              description={
                <>
                  {t('errors.advancedFunctionRequired')}{' '}
                  <Link to="/account/vip">{t('lockUser.exportGetAdvanced')}</Link>
                </>
              }
              data-testid="export-needs-advanced"
            />
          ) : run?.refusal === 'noPermission' ? (
            <Alert type="info" showIcon title={t('lockList.adminAskOwner')} data-testid="admin-ask-owner" />
          ) : run ? (
            <ExportProgress
              testId="record-export"
              state={run.state}
              percent={run.state === 'done' ? 100 : downloadPercent(run.done, run.total)}
              message={
                run.state === 'preparing'
                  ? t('lockRecord.exportPreparing')
                  : run.state === 'downloading'
                    ? t('lockRecord.exportRunning', { done: run.done, total: run.total })
                    : run.state === 'done'
                      ? t('lockRecord.exportDone', { count: run.done, file: run.fileName })
                      : run.state === 'stopped'
                        ? t('lockRecord.exportStopped')
                        : run.error
              }
            />
          ) : null}
        </Flex>
      </Card>
    </Flex>
  );
}
