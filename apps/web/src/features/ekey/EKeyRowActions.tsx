import {
  ClockCircleOutlined,
  DeleteOutlined,
  EditOutlined,
  MailOutlined,
  MessageOutlined,
  MoreOutlined,
  PauseCircleOutlined,
  PlayCircleOutlined,
} from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { EKeyRowActions as Allowed } from './ekeyStatus';

export type EKeyAction = 'freeze' | 'unfreeze' | 'validity' | 'edit' | 'noticeEmail' | 'noticeSms' | 'delete';

/** An eKey row's actions, those allowed (by its status and who looks: `eKeyRowActions`), under one menu. */
export function EKeyRowActions({ allowed, onAction }: { allowed: Allowed; onAction: (action: EKeyAction) => void }) {
  const { t } = useTranslation();
  const item = (key: EKeyAction, icon: ReactNode, label: string, danger = false) => ({
    key,
    icon,
    danger,
    label: <span data-testid={`ekey-action-${key}`}>{label}</span>,
  });
  const items: MenuProps['items'] = [
    ...(allowed.freeze ? [item('freeze', <PauseCircleOutlined />, t('ekey.action.freeze'))] : []),
    ...(allowed.unfreeze ? [item('unfreeze', <PlayCircleOutlined />, t('ekey.action.unfreeze'))] : []),
    ...(allowed.change
      ? [
          item('validity', <ClockCircleOutlined />, t('ekey.action.changeValidity')),
          item('edit', <EditOutlined />, t('ekey.action.edit')),
        ]
      : []),
    ...(allowed.notice
      ? [
          item('noticeEmail', <MailOutlined />, t('ekey.action.noticeEmail')),
          item('noticeSms', <MessageOutlined />, t('ekey.action.noticeSms')),
        ]
      : []),
    ...(allowed.remove
      ? [{ type: 'divider' as const }, item('delete', <DeleteOutlined />, t('ekey.action.delete'), true)]
      : []),
  ];
  if (items.length === 0) return null;
  return (
    <Dropdown trigger={['click']} menu={{ items, onClick: ({ key }) => onAction(key as EKeyAction) }}>
      <Button size="small" icon={<MoreOutlined />} data-testid="ekey-more">
        {t('ekey.column.actions')}
      </Button>
    </Dropdown>
  );
}
