import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/failureMessage';
import { type LockGroup, useRemoveGroup } from './groupApi';

/** Asks before deleting a lock group, saying that its locks become ungrouped (they are not deleted). */
export function useDeleteGroup(): (item: LockGroup) => void {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const { mutateAsync: removeGroup } = useRemoveGroup();
  return useCallback(
    (item: LockGroup) => {
      modal.confirm({
        title: t('group.deleteTitle', { name: item.groupName }),
        content: t('group.deleteWarning', { count: item.lockCount }),
        okText: t('group.delete'),
        okButtonProps: { danger: true, 'data-testid': 'group-delete-confirm' },
        onOk: async () => {
          try {
            await removeGroup({ groupId: item.groupId });
            message.success(t('group.deleted'));
          } catch (error) {
            message.error(errorText(t, error));
          }
        },
      });
    },
    [message, modal, removeGroup, t],
  );
}
