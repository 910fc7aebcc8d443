import { EnvironmentOutlined } from '@ant-design/icons';
import { LockRole } from '@smartlock/contract';
import { Button, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LockDetail } from '../lock/lockApi';
import { CityDialog } from './CityDialog';
import { cityLabel } from './CityPicker';
import { useSetLockCity } from './mapApi';

/** A lock's city (its own, or its gateway's) and, for the owner, the way to set it. */
export function LockCity({ detail }: { detail: LockDetail }) {
  const { t, i18n } = useTranslation();
  const setCity = useSetLockCity();
  const [open, setOpen] = useState(false);
  const { city, source } = detail.location;
  const own = source === 'lock' ? city : null;
  return (
    <Space size={6} wrap data-testid="lock-city" data-source={source}>
      {city ? (
        <span>{cityLabel(city, i18n.language)}</span>
      ) : (
        <Typography.Text type="secondary">{t('map.noCity')}</Typography.Text>
      )}
      {city ? <Tag>{t(source === 'lock' ? 'map.fromOwner' : 'map.fromGateway')}</Tag> : null}
      {detail.role === LockRole.owner ? (
        <Button
          size="small"
          type="link"
          icon={<EnvironmentOutlined />}
          onClick={() => setOpen(true)}
          data-testid="set-lock-city"
        >
          {t('map.setCity')}
        </Button>
      ) : null}
      {open ? (
        <CityDialog
          title={t('map.lockCityTitle')}
          hint={t('map.lockCityHint')}
          current={own}
          save={async (cityId) => {
            await setCity.mutateAsync({ lockId: detail.lockId, cityId });
          }}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </Space>
  );
}
