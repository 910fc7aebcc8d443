import {
  ClockCircleOutlined,
  DeleteOutlined,
  EditOutlined,
  MoreOutlined,
  QrcodeOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import type { LockCredentialKind } from '@smartlock/contract';
import { Button, Dropdown, type MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { rowActions } from './kinds';

export type CredentialAction = 'rename' | 'validity' | 'reportLoss' | 'showQr' | 'delete';

/**
 * A credential row's actions, as its kind and status allow, under one menu. Changes that travel
 * to the lock wait while another one does (`busy`).
 */
export function CredentialRowActions({
  kind,
  status,
  busy,
  onAction,
}: {
  kind: LockCredentialKind;
  status: number;
  busy: boolean;
  onAction: (action: CredentialAction) => void;
}) {
  const { t } = useTranslation();
  const allowed = rowActions(kind, status);
  const item = (
    key: CredentialAction,
    icon: ReactNode,
    label: string,
    options: { danger?: boolean; waits?: boolean },
  ) => ({
    key,
    icon,
    danger: options.danger ?? false,
    disabled: options.waits === true && busy,
    label: <span data-testid={`credential-action-${key}`}>{label}</span>,
  });
  const items: MenuProps['items'] = [
    ...(allowed.showQr ? [item('showQr', <QrcodeOutlined />, t('credential.action.showQr'), {})] : []),
    ...(allowed.rename ? [item('rename', <EditOutlined />, t('credential.action.rename'), {})] : []),
    ...(allowed.changeValidity
      ? [item('validity', <ClockCircleOutlined />, t('credential.action.changeValidity'), { waits: true })]
      : []),
    ...(allowed.reportLoss
      ? [item('reportLoss', <WarningOutlined />, t('credential.action.reportLoss'), { waits: true })]
      : []),
    ...(allowed.remove
      ? [
          { type: 'divider' as const },
          item('delete', <DeleteOutlined />, t('credential.action.delete'), { danger: true, waits: true }),
        ]
      : []),
  ];
  if (items.length === 0) return null;
  return (
    <Dropdown trigger={['click']} menu={{ items, onClick: ({ key }) => onAction(key as CredentialAction) }}>
      <Button size="small" icon={<MoreOutlined />} data-testid="credential-more">
        {t('credential.column.actions')}
      </Button>
    </Dropdown>
  );
}
