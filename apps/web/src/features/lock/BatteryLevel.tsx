import { WarningOutlined } from '@ant-design/icons';
import { Space, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '../../i18n/format';
import { isBatteryLow } from './lockFacts';

/** A lock's battery level; a low one in red with a hint to change the batteries. */
export function BatteryLevel({ battery }: { battery: number }) {
  const { t, i18n } = useTranslation();
  const text = formatPercent(battery, i18n.language);
  if (!isBatteryLow(battery)) return <Typography.Text data-testid="battery">{text}</Typography.Text>;
  return (
    <Tooltip title={t('lock.lowBatteryHint')}>
      <Typography.Text type="danger" data-testid="battery" data-low="true">
        <Space size={4}>
          <WarningOutlined />
          {text}
          <span>{t('lock.lowBattery')}</span>
        </Space>
      </Typography.Text>
    </Tooltip>
  );
}
