import { OnlineState } from '@smartlock/contract';
import { Flex, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SignalStrength } from '../../gateway/SignalStrength';
import type { LockDetail } from '../lockApi';

/** The gateways that reach a lock, each online or offline with its signal grade. */
export function LockGateways({ gateways }: { gateways: LockDetail['gateways'] }) {
  const { t } = useTranslation();
  if (gateways.length === 0) {
    return (
      <Typography.Text type="secondary" data-testid="lock-gateways">
        {t('lock.noGatewayReach')}
      </Typography.Text>
    );
  }
  return (
    <Flex vertical gap={4} data-testid="lock-gateways">
      {gateways.map((gateway) => {
        const online = gateway.isOnline === OnlineState.online;
        return (
          <Space key={gateway.gatewayId} size={6} wrap>
            <Link to="/plug/home">{gateway.gatewayName}</Link>
            <Tag color={online ? 'success' : 'default'}>{t(online ? 'gateway.online' : 'gateway.offline')}</Tag>
            {online ? <SignalStrength grade={gateway.signalGrade} /> : null}
          </Space>
        );
      })}
    </Flex>
  );
}
