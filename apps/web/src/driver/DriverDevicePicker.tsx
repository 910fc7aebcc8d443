import { ReloadOutlined, UsbOutlined } from '@ant-design/icons';
import type { DriverDevice } from '@smartlock/contract';
import { Alert, Button, Flex, Select, Spin, Tag, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DriverDeviceKind, devicesOf, driverErrorText, useDriver } from './useDriver';

/**
 * The local device driver and one of its devices (the card encoder, a fingerprint scanner):
 * connects when shown; says why it cannot (driver not found, too old) with a retry; lists the
 * devices of the kind, choosing the first free one. `accept` narrows the devices further
 * (fingerprint scanners of a known make).
 */
export function DriverDevicePicker({
  kind,
  value,
  onChange,
  accept,
  disabled,
}: {
  kind: DriverDeviceKind;
  value: string | undefined;
  onChange: (deviceId: string | undefined) => void;
  accept?: (device: DriverDevice) => boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const { client, state, connect } = useDriver({ autoConnect: true });
  const [listing, setListing] = useState(false);
  const [listError, setListError] = useState<string>();
  const devices = devicesOf(state, kind).filter((device) => accept?.(device) ?? true);
  const chosen = devices.find((device) => device.deviceId === value);

  // The first free device is chosen for the user; a device that went away is let go.
  useEffect(() => {
    if (state.status !== 'ready') return;
    if (value !== undefined && chosen) return;
    const free = devices.find((device) => !device.busy) ?? devices[0];
    if (free?.deviceId !== value) onChange(free?.deviceId);
  }, [state.status, value, chosen, devices, onChange]);

  async function refresh() {
    setListing(true);
    setListError(undefined);
    try {
      await client.listDevices();
    } catch (error) {
      setListError(driverErrorText(t, error));
    } finally {
      setListing(false);
    }
  }

  const panel = (children: ReactNode) => (
    <Flex vertical gap={8} data-testid="driver-panel" data-status={state.status} data-kind={kind}>
      {children}
    </Flex>
  );

  if (state.status === 'idle' || state.status === 'connecting') {
    return panel(
      <Flex gap={8} align="center">
        <Spin size="small" />
        <Typography.Text type="secondary">{t('driver.connecting')}</Typography.Text>
      </Flex>,
    );
  }
  if (state.status === 'failed') {
    const notFound = state.failure?.code === 'driverNotFound';
    return panel(
      <Alert
        type="warning"
        showIcon
        title={<span data-testid="driver-error">{driverErrorText(t, state.failure)}</span>}
        description={notFound ? t('driver.installHint') : undefined}
        action={
          <Button size="small" icon={<ReloadOutlined />} onClick={connect} data-testid="driver-retry">
            {t('app.retry')}
          </Button>
        }
      />,
    );
  }
  return panel(
    <>
      <Flex gap={8} wrap align="center">
        <Select<string>
          value={chosen?.deviceId}
          onChange={(deviceId) => onChange(deviceId)}
          disabled={disabled || devices.length === 0}
          placeholder={t(kind === 'cardEncoder' ? 'driver.noEncoder' : 'driver.noScanner')}
          options={devices.map((device) => ({
            value: device.deviceId,
            label: (
              <span data-testid={`driver-device-${device.deviceId}`}>
                <UsbOutlined /> {device.name}
                {device.busy ? (
                  <Tag color="warning" style={{ marginInlineStart: 8 }}>
                    {t('driver.busy')}
                  </Tag>
                ) : null}
              </span>
            ),
          }))}
          style={{ minWidth: 240, maxWidth: '100%' }}
          aria-label={t(kind === 'cardEncoder' ? 'driver.encoder' : 'driver.scanner')}
          data-testid="driver-device-select"
        />
        <Button
          icon={<ReloadOutlined />}
          onClick={() => void refresh()}
          loading={listing}
          disabled={disabled}
          data-testid="driver-refresh"
        >
          {t('driver.refreshDevices')}
        </Button>
        <Typography.Text type="secondary" data-testid="driver-version">
          {t('driver.version', { version: state.driverVersion ?? '' })}
        </Typography.Text>
      </Flex>
      {devices.length === 0 ? (
        <Alert type="warning" showIcon title={t('client.deviceNotFound')} data-testid="driver-no-device" />
      ) : null}
      {chosen?.busy ? (
        <Alert type="warning" showIcon title={t('client.deviceOccupied')} data-testid="driver-device-busy" />
      ) : null}
      {listError ? <Alert type="error" showIcon title={listError} /> : null}
    </>,
  );
}
