import { AuditOutlined, ClockCircleOutlined, ExportOutlined, InfoCircleOutlined } from '@ant-design/icons';
import { Flex, Grid, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useOffered } from '../../app/offered';
import { usePaging, useStepBackFromEmptyPage } from '../../app/usePaging';
import { CredentialTable } from '../../ui/CredentialTable';
import { LinkButton } from '../../ui/LinkButton';
import { SearchBox } from '../../ui/SearchBox';
import { DeleteLockUserDialog } from './DeleteLockUserDialog';
import { LockUserDrawer } from './LockUserDrawer';
import { type LockUserItem, useLockUsers } from './lockUserApi';
import { lockUserColumns } from './lockUserColumns';
import { LOCK_USER_EXPIRING, LOCK_USER_EXPORT, LOCK_USER_REVIEW, lockUserIssueEKeys } from './lockUserPaths';
import { RevokeAllDialog } from './RevokeAllDialog';

/**
 * The people holding credentials on the user's locks (spec: lockUser/home): searchable, paged on
 * the server, each with what they hold; a person opens their credentials per lock, gets eKeys on
 * many locks at once, or is deleted from every lock.
 */
export default function LockUserPage() {
  const { t, i18n } = useTranslation();
  const offered = useOffered();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [page, setPage] = usePaging({ search });
  const list = useLockUsers({ ...page, searchStr: search });
  const [open, setOpen] = useState<LockUserItem>();
  const [removing, setRemoving] = useState<LockUserItem>();
  const [revoking, setRevoking] = useState<LockUserItem>();
  const phone = !Grid.useBreakpoint().md;

  useStepBackFromEmptyPage(list, page, setPage);

  const columns = useMemo(
    () =>
      lockUserColumns(
        t,
        i18n.language,
        (action, item) => {
          if (action === 'detail') setOpen(item);
          else if (action === 'remove') setRemoving(item);
          else if (item.account) void navigate(lockUserIssueEKeys(item.account));
        },
        phone,
      ),
    [t, i18n.language, navigate, phone],
  );
  /** The row as the latest page has it (its counts change as credentials come and go). */
  const fresh = (item: LockUserItem) => list.data?.list.find((row) => row.lockUser === item.lockUser) ?? item;

  return (
    <>
      <Typography.Paragraph type="secondary" data-testid="lock-user-intro">
        <InfoCircleOutlined /> {t('lockUser.intro')}
      </Typography.Paragraph>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <SearchBox label={t('lockUser.searchPlaceholder')} onSearch={setSearch} testId="lock-user-search" />
        <Flex gap={8} wrap>
          <LinkButton to={LOCK_USER_REVIEW} icon={<AuditOutlined />} data-testid="lock-user-review">
            {t('route.accessReview')}
          </LinkButton>
          <LinkButton to={LOCK_USER_EXPIRING} icon={<ClockCircleOutlined />} data-testid="lock-user-expiring">
            {t('lockUser.expiring')}
          </LinkButton>
          {offered(LOCK_USER_EXPORT) ? (
            <LinkButton to={LOCK_USER_EXPORT} icon={<ExportOutlined />} data-testid="lock-user-export">
              {t('lockUser.export')}
            </LinkButton>
          ) : null}
        </Flex>
      </Flex>
      <CredentialTable<LockUserItem>
        kind="lock-user"
        texts="lockUser"
        list={list}
        columns={columns}
        rowKey="lockUser"
        searchStr={search}
        onPage={setPage}
        rowProps={(item) => ({ 'data-testid': 'lock-user-row', 'data-lock-user': item.lockUser })}
      />
      {open ? (
        <LockUserDrawer
          item={fresh(open)}
          onClose={() => setOpen(undefined)}
          onSendEKeys={() => open.account && void navigate(lockUserIssueEKeys(open.account))}
          onRemove={() => setRemoving(fresh(open))}
          onRevokeAll={() => setRevoking(fresh(open))}
        />
      ) : null}
      {revoking ? <RevokeAllDialog item={revoking} onClose={() => setRevoking(undefined)} /> : null}
      {removing ? (
        <DeleteLockUserDialog
          item={removing}
          onClose={() => setRemoving(undefined)}
          onDeleted={() => setOpen(undefined)}
        />
      ) : null}
    </>
  );
}
