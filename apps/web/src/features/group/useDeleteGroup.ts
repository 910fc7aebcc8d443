import { group } from '@smartlock/contract/refs';
import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/failureMessage';
import { useConsole } from '../../app/context';
import { type LockGroup, useRefreshGroups } from './groupQueries';

/** Asks before deleting a lock group, saying that its locks become ungrouped (they are not deleted). */
export function useDeleteGroup(): (item: LockGroup) => void {
  const { t } = useTranslation();
  const { api } = useConsole();
  const { modal, message } = App.useApp();
  const refresh = useRefreshGroups();
  return useCallback(
    (item: LockGroup) => {
      modal.confirm({
        title: t('group.deleteTitle', { name: item.groupName }),
        content: t('group.deleteWarning', { count: item.lockCount }),
        okText: t('group.delete'),
        okButtonProps: { danger: true, 'data-testid': 'group-delete-confirm' },
        onOk: async () => {
          try {
            await api.call(group.remove, { groupId: item.groupId });
            message.success(t('group.deleted'));
            await refresh();
          } catch (error) {
            message.error(errorText(t, error));
          }
        },
      });
    },
    [api, message, modal, refresh, t],
  );
}
