import { map } from '@smartlock/contract/refs';
import { useTranslation } from 'react-i18next';
import { useConsole } from '../../app/context';
import { type GatewayItem, useRefreshGateways } from '../gateway/gatewayApi';
import { CityDialog } from './CityDialog';

/** Puts a gateway in a city: the locks it reaches without a city of their own are counted there. */
export function GatewayCityDialog({ item, onClose }: { item: GatewayItem; onClose: () => void }) {
  const { t } = useTranslation();
  const { api } = useConsole();
  const refresh = useRefreshGateways();
  return (
    <CityDialog
      title={t('map.gatewayCityTitle')}
      hint={t('map.gatewayCityHint')}
      current={item.cityId ? { cityId: item.cityId, name: item.cityName, country: '' } : null}
      save={async (cityId) => {
        await api.call(map.setGatewayLocation, { gatewayId: item.gatewayId, cityId });
        await refresh();
      }}
      onClose={onClose}
    />
  );
}
