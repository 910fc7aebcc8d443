import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { PasscodeVersion, type RemoteOperation } from '@smartlock/contract';
import { Alert, App, Button, Flex, Space } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/failureMessage';
import { usePaging, useStepBackFromEmptyPage } from '../../app/usePaging';
import { CredentialTable } from '../../ui/CredentialTable';
import { LinkButton } from '../../ui/LinkButton';
import { SearchBox } from '../../ui/SearchBox';
import { LockSyncPanel } from '../credentialSync/LockSyncPanel';
import { CredentialOperationStatus } from '../credentials/CredentialOperationStatus';
import { useFollowOperation } from '../credentials/useFollowOperation';
import type { LockDetail } from '../lock/lockApi';
import { RecordsLink } from '../lockRecord/RecordsLink';
import { ChangePasscodeDialog } from './ChangePasscodeDialog';
import { PasscodeRowActions } from './PasscodeRowActions';
import { type PasscodeItem, usePasscodes, useRefreshPasscodes, useRemovePasscode } from './passcodeApi';
import { passcodeColumns } from './passcodeColumns';
import { issuePasscodePath } from './passcodePaths';

/** What a change travelling to the lock is, for its status line. */
interface Travelling {
  kind: 'delete' | 'change';
  code: string;
}

/**
 * A lock's passcodes (manage/passcode): searchable, paged on the server, in the lock's time.
 * Deleting (and changing a custom code) goes through the gateway: the operation is followed
 * until the lock confirms or refuses, then the list is read again. A lock added with a
 * low-version app cannot get or change passcodes: it says so instead of offering actions.
 */
export function PasscodeTab({ detail }: { detail: LockDetail }) {
  const { t, i18n } = useTranslation();
  const { modal, message } = App.useApp();
  const lockId = detail.lockId;
  const offsetMs = detail.timezoneRawOffset;
  const lowVersion = detail.passcodeVersion === PasscodeVersion.notAllowed;
  const [searchStr, setSearchStr] = useState('');
  const [page, setPage] = usePaging({ searchStr });
  const list = usePasscodes({ lockId, ...page, searchStr });
  const refresh = useRefreshPasscodes();
  const { mutateAsync: removePasscode } = useRemovePasscode();
  const [changing, setChanging] = useState<PasscodeItem>();
  const [travelling, setTravelling] = useState<Travelling>();
  const { followed, follow: followOperation, clear, busy } = useFollowOperation(() => void refresh());

  useStepBackFromEmptyPage(list, page, setPage);

  const follow = useCallback(
    (kind: Travelling['kind'], item: PasscodeItem, started: RemoteOperation) => {
      setTravelling({ kind, code: item.keyboardPwd });
      followOperation(started);
    },
    [followOperation],
  );

  const remove = useCallback(
    (item: PasscodeItem) => {
      modal.confirm({
        title: t('passcode.deleteTitle', { code: item.keyboardPwd }),
        content: t('passcode.deleteWarning'),
        okText: t('passcode.action.delete'),
        okButtonProps: { danger: true, 'data-testid': 'passcode-delete-confirm' },
        onOk: async () => {
          try {
            const reply = await removePasscode({ keyboardPwdId: item.keyboardPwdId });
            follow('delete', item, reply.operation);
          } catch (error) {
            message.error(errorText(t, error));
          } finally {
            await refresh();
          }
        },
      });
    },
    [removePasscode, follow, message, modal, refresh, t],
  );

  const columns = useMemo(
    () =>
      passcodeColumns(t, i18n.language, offsetMs, (item) => (
        <Space size={0} wrap>
          <RecordsLink lockId={lockId} param="keyboardPwd" value={item.keyboardPwd} />
          {lowVersion ? null : (
            <PasscodeRowActions
              item={item}
              busy={busy}
              onChange={() => setChanging(item)}
              onDelete={() => remove(item)}
            />
          )}
        </Space>
      )),
    [t, i18n.language, offsetMs, lowVersion, busy, remove, lockId],
  );

  return (
    <div data-testid="passcode-tab">
      {lowVersion ? (
        <Alert
          type="warning"
          showIcon
          title={t('errors.lowVersionPasscode')}
          style={{ marginBottom: 16 }}
          data-testid="passcode-low-version"
        />
      ) : null}
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <SearchBox label={t('passcode.searchPlaceholder')} onSearch={setSearchStr} testId="passcode-search" />
        <Flex wrap gap={8}>
          {lowVersion ? null : (
            <LinkButton
              to={issuePasscodePath(lockId)}
              data-testid="passcode-get"
              type="primary"
              icon={<PlusOutlined />}
            >
              {t('passcode.get')}
            </LinkButton>
          )}
          <Button
            icon={<ReloadOutlined />}
            onClick={() => void list.refetch()}
            loading={list.isFetching && !list.isPending}
            data-testid="passcode-refresh"
          >
            {t('passcode.refresh')}
          </Button>
        </Flex>
      </Flex>
      <LockSyncPanel lockId={lockId} onChecked={() => void refresh()} />
      <CredentialOperationStatus
        followed={followed}
        title={travelling ? t(`passcode.operation.${travelling.kind}`, { code: travelling.code }) : ''}
        success={t(travelling?.kind === 'change' ? 'passcode.done.change' : 'passcode.done.delete')}
        onClose={clear}
        style={{ marginBottom: 16 }}
        testId="passcode-operation"
      />
      <CredentialTable<PasscodeItem>
        kind="passcode"
        list={list}
        columns={columns}
        rowKey="keyboardPwdId"
        searchStr={searchStr}
        onPage={setPage}
      />
      {changing ? (
        <ChangePasscodeDialog
          item={changing}
          offsetMs={offsetMs}
          onClose={() => setChanging(undefined)}
          onOperation={(started) => follow('change', changing, started)}
        />
      ) : null}
    </div>
  );
}
