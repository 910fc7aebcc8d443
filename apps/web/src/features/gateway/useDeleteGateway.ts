import { gateway } from '@smartlock/contract/refs';
import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/failureMessage';
import { useConsole } from '../../app/context';
import { type GatewayItem, useRefreshGateways } from './gatewayQueries';

/** Asks before deleting a gateway, saying what it ends: its credentials, remote operations through it. */
export function useDeleteGateway(): (item: GatewayItem) => void {
  const { t } = useTranslation();
  const { api } = useConsole();
  const { modal, message } = App.useApp();
  const refresh = useRefreshGateways();
  return useCallback(
    (item: GatewayItem) => {
      modal.confirm({
        title: t('gateway.deleteTitle', { name: item.gatewayName }),
        content: t('gateway.deleteWarning'),
        okText: t('gateway.delete'),
        okButtonProps: { danger: true },
        onOk: async () => {
          try {
            await api.call(gateway.remove, { gatewayId: item.gatewayId });
            message.success(t('gateway.deleted'));
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
