import {
  AuditOutlined,
  HistoryOutlined,
  SettingOutlined,
  SwapOutlined,
  TeamOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { LockRole } from '@smartlock/contract';
import { Button, Descriptions, Flex, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../../ui/LinkButton';
import { recordsPath } from '../../lockRecord/recordFilter';
import { LockCity } from '../../map/LockCity';
import { BatteryLevel } from '../BatteryLevel';
import { BoltTag } from '../BoltTag';
import { remoteUnavailableKey } from '../gatewayReach';
import type { LockDetail } from '../lockApi';
import { RoleTag } from '../RoleTag';
import { OperationStatus } from '../remoteOperation/OperationStatus';
import { RemoteActions } from '../remoteOperation/RemoteActions';
import { useRemoteOperation } from '../remoteOperation/useRemoteOperation';
import { settingsShown } from '../settings/lockSettings';
import { formatUtcOffset } from '../settings/timezones';
import { ShareUnlockLink } from '../unlockLink/ShareUnlockLink';
import { canShareUnlockLink } from '../unlockLink/unlockLink';
import { LockGateways } from './LockGateways';

/** A lock's labels (spec section 3): name, number, MAC, firmware, battery, bolt, timezone, clock, gateways. */
export function LockHeader({ detail, onSettings }: { detail: LockDetail; onSettings: () => void }) {
  const { t } = useTranslation();
  const control = useRemoteOperation(detail.lockId, detail.lockName);
  const shown = settingsShown(detail.featureValue);
  const boltActions = detail.isParkingLock ? [] : (['unlock', 'lock'] as const);
  // Remote operations need a gateway online now; a bound but offline one is named as such.
  const unavailableKey = remoteUnavailableKey(detail);
  const unavailable = unavailableKey ? t(unavailableKey) : undefined;
  return (
    <div data-testid="lock-header">
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 12 }}>
        <Space size={8} wrap>
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="lock-name">
            {detail.lockName}
          </Typography.Title>
          {detail.isParkingLock ? <Tag>{t('lock.parkingLock')}</Tag> : null}
          <RoleTag role={detail.role} />
        </Space>
        <Space wrap>
          {shown.passageMode ? (
            <LinkButton
              to={`/manage/passageMode?lockId=${detail.lockId}`}
              data-testid="open-passage-mode"
              icon={<ThunderboltOutlined />}
            >
              {t('route.passageMode')}
            </LinkButton>
          ) : null}
          <LinkButton to={`/manage/access?lockId=${detail.lockId}`} data-testid="open-access" icon={<TeamOutlined />}>
            {t('route.lockAccess')}
          </LinkButton>
          <LinkButton to={recordsPath(detail.lockId)} data-testid="open-records" icon={<HistoryOutlined />}>
            {t('route.records')}
          </LinkButton>
          <LinkButton to={`/audit/home?lockId=${detail.lockId}`} data-testid="open-audit" icon={<AuditOutlined />}>
            {t('route.audit')}
          </LinkButton>
          {canShareUnlockLink(detail) ? <ShareUnlockLink lockId={detail.lockId} lockName={detail.lockName} /> : null}
          {detail.role === LockRole.owner ? (
            <LinkButton
              to={`/manage/transferLock?lockId=${detail.lockId}`}
              data-testid="open-transfer"
              icon={<SwapOutlined />}
            >
              {t('route.transferLock')}
            </LinkButton>
          ) : null}
          <Button type="primary" icon={<SettingOutlined />} onClick={onSettings} data-testid="open-settings">
            {t('lockDetail.settings')}
          </Button>
        </Space>
      </Flex>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 3 }}
        items={[
          { key: 'number', label: t('lockDetail.number'), children: detail.lockNumber },
          {
            key: 'mac',
            label: t('lockDetail.mac'),
            children: <Typography.Text code>{detail.lockMac}</Typography.Text>,
          },
          { key: 'firmware', label: t('lockDetail.firmware'), children: detail.firmware },
          { key: 'battery', label: t('lock.battery'), children: <BatteryLevel battery={detail.battery} /> },
          {
            key: 'bolt',
            label: t('lock.boltState'),
            children: <BoltTag state={detail.state} isParkingLock={detail.isParkingLock} />,
          },
          {
            key: 'timezone',
            label: t('lockDetail.timezone'),
            children: <span data-testid="lock-timezone">{formatUtcOffset(detail.timezoneRawOffset)}</span>,
          },
          {
            key: 'clock',
            label: t('lockDetail.clock'),
            children: (
              <RemoteActions
                isParkingLock={detail.isParkingLock}
                control={control}
                actions={['queryDate']}
                unavailable={unavailable}
              />
            ),
          },
          { key: 'gateways', label: t('lockDetail.gateways'), children: <LockGateways gateways={detail.gateways} /> },
          { key: 'city', label: t('map.city'), children: <LockCity detail={detail} /> },
          {
            key: 'remote',
            label: t('lockDetail.remote'),
            children: (
              <RemoteActions
                isParkingLock={detail.isParkingLock}
                control={control}
                actions={[...boltActions, 'queryState']}
                unavailable={unavailable}
              />
            ),
          },
        ]}
      />
      <OperationStatus run={control.run} isParkingLock={detail.isParkingLock} />
    </div>
  );
}
