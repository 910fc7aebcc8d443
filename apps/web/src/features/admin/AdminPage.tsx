import { InfoCircleOutlined, UserAddOutlined } from '@ant-design/icons';
import { Flex, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePaging, useStepBackFromEmptyPage } from '../../app/usePaging';
import { CredentialTable } from '../../ui/CredentialTable';
import { LinkButton } from '../../ui/LinkButton';
import { SearchBox } from '../../ui/SearchBox';
import { AdminLocksDrawer } from './AdminLocksDrawer';
import { type AdminItem, useAdmins } from './adminApi';
import { adminColumns } from './adminColumns';
import { ADMIN_CREATE } from './adminPaths';
import { useRemoveAdmin } from './useRemoveAdmin';

/**
 * The user's authorized administrators (spec: auth/home): searchable, paged on the server, each
 * with their locks to manage (authorize, take away) and a remove; adding goes to auth/create.
 */
export default function AdminPage() {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const [page, setPage] = usePaging({ search });
  const list = useAdmins({ ...page, searchStr: search });
  const [managing, setManaging] = useState<AdminItem>();
  const confirmRemove = useRemoveAdmin();

  useStepBackFromEmptyPage(list, page, setPage);

  const columns = useMemo(
    () =>
      adminColumns(t, i18n.language, (action, item) => {
        if (action === 'remove') confirmRemove(item);
        else setManaging(item);
      }),
    [t, i18n.language, confirmRemove],
  );
  /** The row as the latest page has it (its lock count changes as locks are managed). */
  const fresh = (item: AdminItem) => list.data?.list.find((row) => row.adminUid === item.adminUid) ?? item;

  return (
    <>
      <Typography.Paragraph type="secondary" data-testid="admin-intro">
        <InfoCircleOutlined /> {t('admin.intro')}
      </Typography.Paragraph>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <SearchBox label={t('admin.searchPlaceholder')} onSearch={setSearch} testId="admin-search" />
        <LinkButton to={ADMIN_CREATE} type="primary" icon={<UserAddOutlined />} data-testid="admin-add">
          {t('admin.add')}
        </LinkButton>
      </Flex>
      <CredentialTable<AdminItem>
        kind="admin"
        list={list}
        columns={columns}
        rowKey="adminUid"
        searchStr={search}
        onPage={setPage}
        rowProps={(item) => ({ 'data-testid': 'admin-row', 'data-account': item.account })}
      />
      {managing ? <AdminLocksDrawer item={fresh(managing)} onClose={() => setManaging(undefined)} /> : null}
    </>
  );
}
