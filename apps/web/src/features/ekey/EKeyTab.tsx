import {
  DeleteOutlined,
  DownOutlined,
  PauseCircleOutlined,
  PlayCircleOutlined,
  PlusOutlined,
  ReloadOutlined,
  SyncOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { EKeyAuthorized, LockRole } from '@smartlock/contract';
import { Button, Dropdown, Flex, type MenuProps, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePaging, useStepBackFromEmptyPage } from '../../app/usePaging';
import { CredentialTable } from '../../ui/CredentialTable';
import { LinkButton } from '../../ui/LinkButton';
import { SearchBox } from '../../ui/SearchBox';
import type { LockDetail } from '../lock/lockApi';
import { RecordsLink } from '../lockRecord/RecordsLink';
import { ChangeValidityDialog } from './ChangeValidityDialog';
import { DeleteAllEKeysDialog } from './DeleteAllEKeysDialog';
import { EditEKeyDialog } from './EditEKeyDialog';
import { EKeyRowActions } from './EKeyRowActions';
import { type EKeyItem, useEKeys } from './ekeyApi';
import { ekeyColumns } from './ekeyColumns';
import { issueEKeyBatchPath, issueEKeyPath } from './ekeyPaths';
import { eKeyRowActions } from './ekeyStatus';
import { useEKeyActions } from './useEKeyActions';

type Dialog = { kind: 'validity' | 'edit'; item: EKeyItem } | { kind: 'deleteAll' };

/**
 * A lock's eKeys (manage/ekey): searchable, paged on the server, each with what its status
 * allows; sending one or many, and the bulk changes of the user's own or all the lock's keys.
 */
export function EKeyTab({ detail }: { detail: LockDetail }) {
  const { t, i18n } = useTranslation();
  const lockId = detail.lockId;
  const owner = detail.role === LockRole.owner;
  const [searchStr, setSearchStr] = useState('');
  const [page, setPage] = usePaging({ searchStr });
  const list = useEKeys({ lockId, ...page, searchStr });
  const actions = useEKeyActions(lockId);
  const [dialog, setDialog] = useState<Dialog>();

  useStepBackFromEmptyPage(list, page, setPage);

  const columns = useMemo(
    () =>
      ekeyColumns(t, i18n.language, (item) => (
        <Space size={4} wrap>
          <RecordsLink lockId={lockId} param="keyId" value={item.keyId} />
          <EKeyRowActions
            allowed={eKeyRowActions(item.keyStatus, item.keyRight === EKeyAuthorized.yes && !owner)}
            onAction={(action) => {
              if (action === 'freeze') void actions.freeze(item);
              else if (action === 'unfreeze') void actions.unfreeze(item);
              else if (action === 'noticeEmail') void actions.notice(item, 'email');
              else if (action === 'noticeSms') void actions.notice(item, 'sms');
              else if (action === 'delete') actions.remove(item);
              else setDialog({ kind: action, item });
            }}
          />
        </Space>
      )),
    [t, i18n.language, actions, lockId, owner],
  );

  const bulkItems: MenuProps['items'] = [
    {
      key: 'freezeAll',
      icon: <PauseCircleOutlined />,
      label: <span data-testid="ekey-freeze-all">{t('ekey.bulk.freezeAll')}</span>,
    },
    {
      key: 'unfreezeAll',
      icon: <PlayCircleOutlined />,
      label: <span data-testid="ekey-unfreeze-all">{t('ekey.bulk.unfreezeAll')}</span>,
    },
    ...(owner
      ? [
          { type: 'divider' as const },
          {
            key: 'reset',
            icon: <SyncOutlined />,
            danger: true,
            label: <span data-testid="ekey-reset">{t('ekey.bulk.reset')}</span>,
          },
          {
            key: 'deleteAll',
            icon: <DeleteOutlined />,
            danger: true,
            label: <span data-testid="ekey-delete-all">{t('ekey.bulk.deleteAll')}</span>,
          },
        ]
      : []),
  ];

  return (
    <div data-testid="ekey-tab">
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <SearchBox label={t('ekey.searchPlaceholder')} onSearch={setSearchStr} testId="ekey-search" />
        <Flex wrap gap={8}>
          <LinkButton to={issueEKeyPath(lockId)} data-testid="ekey-send" type="primary" icon={<PlusOutlined />}>
            {t('ekey.send')}
          </LinkButton>
          <LinkButton to={issueEKeyBatchPath(lockId)} data-testid="ekey-send-batch" icon={<TeamOutlined />}>
            {t('ekey.sendBatch')}
          </LinkButton>
          <Dropdown
            trigger={['click']}
            menu={{
              items: bulkItems,
              onClick: ({ key }) => {
                if (key === 'deleteAll') setDialog({ kind: 'deleteAll' });
                else actions.bulk(key as 'freezeAll' | 'unfreezeAll' | 'reset');
              },
            }}
          >
            <Button data-testid="ekey-bulk">
              {t('ekey.bulk.menu')} <DownOutlined />
            </Button>
          </Dropdown>
          <Button
            icon={<ReloadOutlined />}
            onClick={() => void list.refetch()}
            loading={list.isFetching && !list.isPending}
            aria-label={t('ekey.refresh')}
            data-testid="ekey-refresh"
          >
            {t('ekey.refresh')}
          </Button>
        </Flex>
      </Flex>
      <CredentialTable<EKeyItem>
        kind="ekey"
        list={list}
        columns={columns}
        rowKey="keyId"
        searchStr={searchStr}
        onPage={setPage}
      />
      {dialog?.kind === 'validity' ? (
        <ChangeValidityDialog item={dialog.item} onClose={() => setDialog(undefined)} />
      ) : null}
      {dialog?.kind === 'edit' ? <EditEKeyDialog item={dialog.item} onClose={() => setDialog(undefined)} /> : null}
      {dialog?.kind === 'deleteAll' ? (
        <DeleteAllEKeysDialog lockId={lockId} lockName={detail.lockName} onClose={() => setDialog(undefined)} />
      ) : null}
    </div>
  );
}
