import { DisconnectOutlined } from '@ant-design/icons';
import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SignalStrength } from '../gateway/SignalStrength';
import { type LockGatewayFlags, reachState } from './gatewayReach';

/**
 * Which gateway reaches the lock, by its name: none, one bound but offline (no remote operation
 * now), or the online one with the best signal grade; a link to the gateways when there is one.
 */
export function GatewayReach({ reach }: { reach: LockGatewayFlags & { signalGrade: number; gatewayName?: string } }) {
  const { t } = useTranslation();
  const state = reachState(reach);
  if (state === 'none') {
    return (
      <Typography.Text type="secondary" data-testid="gateway-reach" data-reached="false">
        {t('lock.noGateway')}
      </Typography.Text>
    );
  }
  if (state === 'offline') {
    return (
      <Link to="/plug/home" data-testid="gateway-reach" data-reached="offline">
        <Space size={6}>
          <DisconnectOutlined aria-hidden />
          {reach.gatewayName ? (
            <>
              <span data-testid="gateway-reach-name">{reach.gatewayName}</span>
              <Tag style={{ marginInlineEnd: 0 }}>{t('gateway.offline')}</Tag>
            </>
          ) : (
            t('lock.gatewayOffline')
          )}
        </Space>
      </Link>
    );
  }
  return (
    <Link to="/plug/home" data-testid="gateway-reach" data-reached="true">
      <Space size={6}>
        <SignalStrength grade={reach.signalGrade} rssi={null} />
        {reach.gatewayName ? (
          <span data-testid="gateway-reach-name">{reach.gatewayName}</span>
        ) : (
          t('lock.gatewayOnline')
        )}
      </Space>
    </Link>
  );
}
