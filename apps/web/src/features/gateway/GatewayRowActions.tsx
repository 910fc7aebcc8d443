import {
  DeleteOutlined,
  EditOutlined,
  EnvironmentOutlined,
  MoreOutlined,
  SwapOutlined,
  UnlockOutlined,
} from '@ant-design/icons';
import { Button, Dropdown, Space } from 'antd';
import { useTranslation } from 'react-i18next';

export type GatewayAction = 'locks' | 'rename' | 'city' | 'transfer' | 'delete';

/** A gateway row's actions: its locks at hand, the rest under "more". */
export function GatewayRowActions({ onAction }: { onAction: (action: GatewayAction) => void }) {
  const { t } = useTranslation();
  return (
    <Space size={0}>
      <Button
        type="link"
        size="small"
        icon={<UnlockOutlined />}
        onClick={() => onAction('locks')}
        data-testid="gateway-locks"
      >
        {t('gateway.viewLocks')}
      </Button>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            {
              key: 'rename',
              icon: <EditOutlined />,
              label: <span data-testid="gateway-rename">{t('gateway.rename')}</span>,
            },
            {
              key: 'city',
              icon: <EnvironmentOutlined />,
              label: <span data-testid="gateway-city">{t('map.setCity')}</span>,
            },
            {
              key: 'transfer',
              icon: <SwapOutlined />,
              label: <span data-testid="gateway-transfer">{t('gateway.transfer')}</span>,
            },
            { type: 'divider' },
            {
              key: 'delete',
              icon: <DeleteOutlined />,
              label: <span data-testid="gateway-delete">{t('gateway.delete')}</span>,
              danger: true,
            },
          ],
          onClick: ({ key }) => onAction(key as GatewayAction),
        }}
      >
        <Button
          type="text"
          size="small"
          icon={<MoreOutlined />}
          aria-label={t('gateway.more')}
          data-testid="gateway-more"
        />
      </Dropdown>
    </Space>
  );
}
