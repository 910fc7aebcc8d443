import { ClearOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import type { LockCredentialKind, RemoteOperation } from '@smartlock/contract';
import { App, Button, Flex, Input, Modal, Space } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../../api/failureMessage';
import { usePaging, useStepBackFromEmptyPage } from '../../app/usePaging';
import { CredentialTable } from '../../ui/CredentialTable';
import { CredentialOperationStatus } from '../credentials/CredentialOperationStatus';
import { useFollowOperation } from '../credentials/useFollowOperation';
import type { LockDetail } from '../lock/lockApi';
import { RecordsLink } from '../lockRecord/RecordsLink';
import { FILTER_OF_KIND } from '../lockRecord/recordFilter';
import { AddCredentialDialog } from './AddCredentialDialog';
import { ChangeCredentialValidityDialog } from './ChangeCredentialValidityDialog';
import { type CredentialAction, CredentialRowActions } from './CredentialRowActions';
import { credentialColumns } from './credentialColumns';
import { addPagePath, KINDS } from './kinds';
import {
  type CredentialItem,
  useClearCredentials,
  useCredentials,
  useRefreshCredentials,
  useRemoveCredential,
  useReportCardLoss,
} from './lockCredentialApi';
import { QrCodeView } from './QrCodeView';
import { RenameCredentialDialog } from './RenameCredentialDialog';
import { followable } from './startedOperation';

type Dialog = { kind: 'rename' | 'validity' | 'showQr'; item: CredentialItem } | { kind: 'add' };

/** What a change travelling to the lock is, for its status line. */
interface Travelling {
  action: 'add' | 'change' | 'delete' | 'reportLoss' | 'clear';
  /** The credential's name, else its number (none when clearing). */
  label: string;
}

const labelOf = (item: CredentialItem) => item.name || item.number;

/**
 * A lock's cards, fingerprints, faces, palm veins, QR codes or key fobs (manage/<tab>): one tab
 * for the six kinds, driven by the kind table. Searchable, paged on the server. Renaming is the
 * cloud's own; changing validity, deleting, reporting a card lost and clearing them all go to
 * the lock through its gateway and are followed until the lock confirms or refuses, then the
 * list is read again. Adding opens the kind's issue page, or a dialog for key fobs and palm veins.
 */
export function CredentialKindTab({ kind, detail }: { kind: LockCredentialKind; detail: LockDetail }) {
  const { t, i18n } = useTranslation();
  const { modal, message } = App.useApp();
  const lockId = detail.lockId;
  const spec = KINDS[kind];
  const remove = useRemoveCredential(kind);
  const reportLoss = useReportCardLoss();
  const clearKind = useClearCredentials(kind);
  const [searchStr, setSearchStr] = useState('');
  const [page, setPage] = usePaging({ kind, searchStr });
  const list = useCredentials(kind, { lockId, ...page, searchStr });
  const refresh = useRefreshCredentials();
  const [dialog, setDialog] = useState<Dialog>();
  const [travelling, setTravelling] = useState<Travelling>();
  const { followed, follow: followOperation, clear, busy } = useFollowOperation(() => void refresh());

  useStepBackFromEmptyPage(list, page, setPage);

  const follow = useCallback(
    (action: Travelling['action'], label: string, started: RemoteOperation) => {
      setTravelling({ action, label });
      followOperation(started);
    },
    [followOperation],
  );

  /** Asks, then sends a change that travels to the lock and follows it. */
  const confirmThenSend = useCallback(
    (options: {
      title: string;
      content: string;
      okText: string;
      testId: string;
      action: Travelling['action'];
      label: string;
      send: () => Promise<RemoteOperation>;
    }) => {
      modal.confirm({
        title: options.title,
        content: options.content,
        okText: options.okText,
        okButtonProps: { danger: true, 'data-testid': options.testId },
        onOk: async () => {
          try {
            follow(options.action, options.label, await options.send());
          } catch (error) {
            message.error(errorText(t, error));
          } finally {
            await refresh();
          }
        },
      });
    },
    [follow, message, modal, refresh, t],
  );

  const onAction = useCallback(
    (item: CredentialItem, action: CredentialAction) => {
      const label = labelOf(item);
      if (action === 'rename' || action === 'showQr') setDialog({ kind: action, item });
      else if (action === 'validity') setDialog({ kind: 'validity', item });
      else if (action === 'delete') {
        confirmThenSend({
          title: t('credential.deleteTitle', { name: label }),
          content: t('credential.deleteWarning'),
          okText: t('credential.action.delete'),
          testId: 'credential-delete-confirm',
          action: 'delete',
          label,
          send: async () => followable((await remove.mutateAsync({ credentialId: item.credentialId })).operation),
        });
      } else if (action === 'reportLoss') {
        confirmThenSend({
          title: t('credential.reportLossTitle', { name: label }),
          content: t('credential.reportLossWarning'),
          okText: t('credential.action.reportLoss'),
          testId: 'credential-report-loss-confirm',
          action: 'reportLoss',
          label,
          send: async () => followable((await reportLoss.mutateAsync({ credentialId: item.credentialId })).operation),
        });
      }
    },
    [remove.mutateAsync, reportLoss.mutateAsync, confirmThenSend, t],
  );

  const clearAll = () =>
    confirmThenSend({
      title: t(`credentialKind.${kind}.clearTitle`, { lock: detail.lockName }),
      content: t('credential.clearWarning'),
      okText: t('credential.clearAll'),
      testId: 'credential-clear-confirm',
      action: 'clear',
      label: '',
      send: async () => followable((await clearKind.mutateAsync({ lockId })).operation),
    });

  const columns = useMemo(
    () =>
      credentialColumns(kind, t, i18n.language, (item) => (
        <Space size={4} wrap>
          <RecordsLink lockId={lockId} param={FILTER_OF_KIND[kind]} value={item.number} />
          <CredentialRowActions
            kind={kind}
            status={item.status}
            busy={busy}
            onAction={(action) => onAction(item, action)}
          />
        </Space>
      )),
    [kind, t, i18n.language, busy, onAction, lockId],
  );

  const addPath = addPagePath(kind, lockId);
  const addButton = (
    <Button type="primary" icon={<PlusOutlined />} onClick={addPath ? undefined : () => setDialog({ kind: 'add' })}>
      {t(`credentialKind.${kind}.add`)}
    </Button>
  );

  return (
    <div data-testid="credential-tab" data-kind={kind}>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t(`credentialKind.${kind}.searchPlaceholder`)}
          aria-label={t(`credentialKind.${kind}.searchPlaceholder`)}
          onSearch={(value) => setSearchStr(value.trim())}
          style={{ flex: '1 1 280px', maxWidth: 420 }}
          data-testid="credential-search"
        />
        <Flex wrap gap={8}>
          {addPath ? (
            <Link to={addPath} data-testid="credential-add">
              {addButton}
            </Link>
          ) : (
            <span data-testid="credential-add">{addButton}</span>
          )}
          <Button
            danger
            icon={<ClearOutlined />}
            onClick={clearAll}
            disabled={busy || list.data?.total === 0}
            data-testid="credential-clear"
          >
            {t('credential.clearAll')}
          </Button>
          <Button
            icon={<ReloadOutlined />}
            onClick={() => void list.refetch()}
            loading={list.isFetching && !list.isPending}
            data-testid="credential-refresh"
          >
            {t('credential.refresh')}
          </Button>
        </Flex>
      </Flex>
      <CredentialOperationStatus
        followed={followed}
        title={
          travelling
            ? travelling.action === 'clear'
              ? t(`credentialKind.${kind}.clearing`)
              : t(`credential.operation.${travelling.action}`, { name: travelling.label })
            : ''
        }
        success={
          travelling?.action === 'clear'
            ? t(`credentialKind.${kind}.cleared`)
            : t(`credential.done.${travelling?.action ?? 'change'}`)
        }
        onClose={clear}
        style={{ marginBottom: 16 }}
        testId="credential-operation"
      />
      <CredentialTable<CredentialItem>
        kind={kind}
        texts={`credentialKind.${kind}`}
        list={list}
        columns={columns}
        rowKey="credentialId"
        searchStr={searchStr}
        onPage={setPage}
        rowProps={(item) => ({
          'data-testid': 'credential-row',
          'data-number': item.number,
          'data-status': String(item.status),
        })}
      />
      {dialog?.kind === 'rename' ? (
        <RenameCredentialDialog kind={kind} item={dialog.item} onClose={() => setDialog(undefined)} />
      ) : null}
      {dialog?.kind === 'validity' ? (
        <ChangeCredentialValidityDialog
          kind={kind}
          item={dialog.item}
          onClose={() => setDialog(undefined)}
          onOperation={(started) => follow('change', labelOf(dialog.item), started)}
        />
      ) : null}
      {dialog?.kind === 'add' && 'dialog' in spec.add ? (
        <AddCredentialDialog
          kind={spec.add.dialog}
          lockId={lockId}
          onClose={() => setDialog(undefined)}
          onAdded={(credential, started) => follow('add', labelOf(credential), started)}
        />
      ) : null}
      {dialog?.kind === 'showQr' && dialog.item.link ? (
        <Modal
          open
          title={t('credentialKind.qrCode.showTitle', { name: labelOf(dialog.item) })}
          footer={null}
          onCancel={() => setDialog(undefined)}
          destroyOnHidden
          data-testid="qr-dialog"
        >
          <QrCodeView
            link={dialog.item.link}
            label={dialog.item.name}
            number={dialog.item.number}
            lockName={detail.lockName}
          />
        </Modal>
      ) : null}
    </div>
  );
}
