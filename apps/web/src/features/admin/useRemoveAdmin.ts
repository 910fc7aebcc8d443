import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { type AdminItem, useRemoveAdminCall } from './adminApi';
import { adminErrorText } from './adminParams';

/**
 * Asks before removing an administrator, saying it cannot be undone: every administrator eKey
 * they hold on the user's locks goes, with the eKeys they sent.
 */
export function useRemoveAdmin(): (item: AdminItem) => void {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const { mutateAsync: remove } = useRemoveAdminCall();
  return useCallback(
    (item: AdminItem) => {
      modal.confirm({
        title: t('admin.removeTitle', { account: item.account }),
        content: t('admin.removeWarning', { count: item.lockCount }),
        okText: t('admin.remove'),
        okButtonProps: { danger: true, 'data-testid': 'admin-remove-confirm' },
        onOk: async () => {
          try {
            const reply = await remove({ adminUid: item.adminUid });
            message.success(t('admin.removed', { account: item.account, count: reply.count }));
          } catch (error) {
            message.error(adminErrorText(t, error));
          }
        },
      });
    },
    [message, modal, remove, t],
  );
}
