import {
  AimOutlined,
  AlertOutlined,
  IdcardOutlined,
  LockOutlined,
  SettingOutlined,
  ThunderboltOutlined,
  UnlockOutlined,
} from '@ant-design/icons';
import { Flex } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type RecordCategory, recordCategory, recordTypeLabel } from './recordType';

const ICON: Record<RecordCategory, { icon: ReactNode; color: string }> = {
  unlock: { icon: <UnlockOutlined />, color: '#52c41a' },
  lock: { icon: <LockOutlined />, color: '#1677ff' },
  management: { icon: <IdcardOutlined />, color: '#722ed1' },
  alarm: { icon: <AlertOutlined />, color: '#ff4d4f' },
  sensor: { icon: <AimOutlined />, color: '#13c2c2' },
  passageMode: { icon: <ThunderboltOutlined />, color: '#fa8c16' },
  system: { icon: <SettingOutlined />, color: '#8c8c8c' },
};

/** A record's type: its category's icon and its translated name. */
export function RecordTypeCell({ type }: { type: number }) {
  const { t } = useTranslation();
  const category = recordCategory(type);
  const label = recordTypeLabel(type);
  return (
    <Flex gap={8} align="center" data-testid="record-type" data-record-type={type} data-category={category}>
      <span
        title={t(`lockRecord.category.${category}`)}
        style={{ color: ICON[category].color, fontSize: 16, lineHeight: 1 }}
      >
        {ICON[category].icon}
      </span>
      <span>{t(label.key, label.params)}</span>
    </Flex>
  );
}
