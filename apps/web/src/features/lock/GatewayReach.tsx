import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SignalStrength } from '../gateway/SignalStrength';

/** Whether an online gateway reaches the lock, with the best signal grade; a link to the gateways. */
export function GatewayReach({ hasGateway, signalGrade }: { hasGateway: number; signalGrade: number }) {
  const { t } = useTranslation();
  if (hasGateway !== 1) {
    return (
      <Typography.Text type="secondary" data-testid="gateway-reach" data-reached="false">
        {t('lock.noGateway')}
      </Typography.Text>
    );
  }
  return (
    <Link to="/plug/home" data-testid="gateway-reach" data-reached="true">
      <Space size={6}>
        <SignalStrength grade={signalGrade} rssi={null} />
        {t('lock.gatewayOnline')}
      </Space>
    </Link>
  );
}
