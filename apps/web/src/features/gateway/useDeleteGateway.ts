import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/failureMessage';
import { type GatewayItem, useRemoveGateway } from './gatewayApi';

/** Asks before deleting a gateway, saying what it ends: its credentials, remote operations through it. */
export function useDeleteGateway(): (item: GatewayItem) => void {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const { mutateAsync: removeGateway } = useRemoveGateway();
  return useCallback(
    (item: GatewayItem) => {
      modal.confirm({
        title: t('gateway.deleteTitle', { name: item.gatewayName }),
        content: t('gateway.deleteWarning'),
        okText: t('gateway.delete'),
        okButtonProps: { danger: true },
        onOk: async () => {
          try {
            await removeGateway({ gatewayId: item.gatewayId });
            message.success(t('gateway.deleted'));
          } catch (error) {
            message.error(errorText(t, error));
          }
        },
      });
    },
    [message, modal, removeGateway, t],
  );
}
