import { DownloadOutlined, StopOutlined } from '@ant-design/icons';
import { IDS_PER_CALL_MAX } from '@smartlock/contract';
import { Alert, Button, Card, Flex, Radio, Spin, Statistic, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText, serverErrorOf } from '../../api/failureMessage';
import { useConsole } from '../../app/context';
import { saveFile } from '../../app/saveFile';
import { useLeaveConfirmation } from '../../app/useLeaveConfirmation';
import { ExportProgress } from '../../ui/ExportProgress';
import { LoadError } from '../../ui/LoadError';
import type { PickedLock } from '../../ui/LockPickerTable';
import { OwnedLockPicker } from '../lock/OwnedLockPicker';
import {
  type ExportRow,
  exportColumns,
  exportFileName,
  exportPages,
  exportPercent,
  exportScope,
  exportSheetRows,
} from './exportSheet';
import { exportLockUsersPage, useExportCount, useLockRoles } from './lockUserApi';

type Scope = 'all' | 'selected';

interface Run {
  done: number;
  total: number;
  state: 'running' | 'stopped' | 'done' | 'failed';
  error?: string;
  fileName?: string;
}

/**
 * Exports the lock users of the user's own locks (spec: lockUser/export, console/exportLockUser):
 * all locks or chosen ones, how many rows and people, then page after page with a progress bar
 * (stoppable) into an .xlsx in the user's language, times in each lock's time. The owner's, with
 * the advanced function; an administrator is told to ask the owner.
 */
export default function ExportLockUsersPage() {
  const { t, i18n } = useTranslation();
  const { api } = useConsole();
  const roles = useLockRoles();
  const [scope, setScope] = useState<Scope>('all');
  const [selected, setSelected] = useState<PickedLock[]>([]);
  const [run, setRun] = useState<Run>();
  const stop = useRef(false);
  const running = run?.state === 'running';
  useLeaveConfirmation(running);

  const tooMany = scope === 'selected' && selected.length > IDS_PER_CALL_MAX;
  const lockIds = scope === 'all' ? undefined : selected.map((item) => item.lockId);
  const { lockIds: lockIdParam } = exportScope(lockIds);
  const ready = roles.owns && (scope === 'all' || (selected.length > 0 && !tooMany));
  const count = useExportCount(lockIdParam, ready);
  const refused = serverErrorOf(count.error);

  async function start() {
    if (!count.data) return;
    stop.current = false;
    let total = count.data.total;
    const rows: ExportRow[] = [];
    setRun({ done: 0, total, state: 'running' });
    try {
      for (let pageNo = 1; pageNo <= exportPages(total).length; pageNo++) {
        if (stop.current) {
          setRun({ done: rows.length, total, state: 'stopped' });
          return;
        }
        const page = await exportLockUsersPage(api, lockIdParam, pageNo);
        rows.push(...page.list);
        total = page.total;
        setRun({ done: rows.length, total, state: 'running' });
      }
      // The xlsx writer is loaded here, on the first export, not with the page.
      const { xlsxFile } = await import('./xlsxFile');
      const file = await xlsxFile({
        name: t('lockUser.sheet.tab'),
        columns: exportColumns(t),
        rows: exportSheetRows(rows, t, i18n.language),
      });
      const fileName = exportFileName(new Date());
      saveFile(file, fileName, file.type);
      setRun({ done: rows.length, total: rows.length, state: 'done', fileName });
    } catch (error) {
      setRun({ done: rows.length, total, state: 'failed', error: errorText(t, error) });
    }
  }

  if (roles.pending) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  if (roles.error) return <LoadError error={roles.error} retry={roles.retry} />;
  if (!roles.owns) {
    return roles.administers ? (
      <Alert type="info" showIcon title={t('lockList.adminAskOwner')} data-testid="admin-ask-owner" />
    ) : (
      <Alert type="info" showIcon title={t('lockUser.exportNoLocks')} data-testid="export-no-locks" />
    );
  }

  return (
    <Flex vertical gap={16} data-testid="lock-user-export-page">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t('lockUser.exportIntro')}
      </Typography.Paragraph>
      <Card size="small" title={t('lockUser.exportScope')}>
        <Flex vertical gap={12}>
          <Radio.Group value={scope} onChange={(event) => setScope(event.target.value as Scope)} disabled={running}>
            <Radio value="all" data-testid="export-scope-all">
              {t('lockUser.exportAll')}
            </Radio>
            <Radio value="selected" data-testid="export-scope-selected">
              {t('lockUser.exportSelected')}
            </Radio>
          </Radio.Group>
          {scope === 'selected' ? (
            <OwnedLockPicker
              testId="export"
              emptyKey="lockUser.exportNoLocks"
              selected={selected}
              onChange={setSelected}
              disabled={running}
            />
          ) : null}
          {tooMany ? (
            <Alert type="warning" showIcon title={t('lockUser.exportTooManyLocks', { count: IDS_PER_CALL_MAX })} />
          ) : null}
        </Flex>
      </Card>
      {refused === 'advancedFunctionRequired' ? (
        <Alert
          type="warning"
          showIcon
          title={t('lockUser.exportNeedsAdvanced')}
          description={
            <>
              {t('errors.advancedFunctionRequired')} <Link to="/account/vip">{t('lockUser.exportGetAdvanced')}</Link>
            </>
          }
          data-testid="export-needs-advanced"
        />
      ) : refused === 'noPermission' ? (
        <Alert type="info" showIcon title={t('lockList.adminAskOwner')} data-testid="admin-ask-owner" />
      ) : count.isError ? (
        <LoadError error={count.error} retry={() => void count.refetch()} />
      ) : null}
      {ready && !count.isError ? (
        <Card size="small" title={t('lockUser.exportSize')}>
          <Flex vertical gap={16}>
            <Spin spinning={count.isFetching}>
              <Flex gap={48} wrap>
                <Statistic
                  title={t('lockUser.exportRows')}
                  value={count.data?.total ?? '—'}
                  data-testid="export-total"
                />
                <Statistic
                  title={t('lockUser.exportPeople')}
                  value={count.data?.userCount ?? '—'}
                  data-testid="export-people"
                />
              </Flex>
            </Spin>
            <Flex gap={8} wrap>
              <Button
                type="primary"
                icon={<DownloadOutlined />}
                disabled={!count.data || count.data.total === 0}
                loading={running}
                onClick={() => void start()}
                data-testid="export-start"
              >
                {t('lockUser.exportStart')}
              </Button>
              {running ? (
                <Button
                  icon={<StopOutlined />}
                  onClick={() => {
                    stop.current = true;
                  }}
                  data-testid="export-stop"
                >
                  {t('lockUser.exportStop')}
                </Button>
              ) : null}
            </Flex>
            {count.data && count.data.total === 0 ? (
              <Typography.Text type="secondary">{t('lockUser.exportEmpty')}</Typography.Text>
            ) : null}
            {run ? (
              <ExportProgress
                testId="export"
                state={run.state}
                percent={exportPercent(run.done, run.total)}
                message={
                  run.state === 'done'
                    ? t('lockUser.exportDone', { count: run.done, file: run.fileName })
                    : run.state === 'stopped'
                      ? t('lockUser.exportStopped', { done: run.done, count: run.total })
                      : run.state === 'failed'
                        ? run.error
                        : t('lockUser.exportRunning', { done: run.done, count: run.total })
                }
              />
            ) : null}
          </Flex>
        </Card>
      ) : null}
    </Flex>
  );
}
