import { useTranslation } from 'react-i18next';
import type { GatewayItem } from '../gateway/gatewayApi';
import { CityDialog } from './CityDialog';
import { useSetGatewayCity } from './mapApi';

/** Puts a gateway in a city: the locks it reaches without a city of their own are counted there. */
export function GatewayCityDialog({ item, onClose }: { item: GatewayItem; onClose: () => void }) {
  const { t } = useTranslation();
  const setCity = useSetGatewayCity();
  return (
    <CityDialog
      title={t('map.gatewayCityTitle')}
      hint={t('map.gatewayCityHint')}
      current={item.cityId ? { cityId: item.cityId, name: item.cityName, country: '' } : null}
      save={async (cityId) => {
        await setCity.mutateAsync({ gatewayId: item.gatewayId, cityId });
      }}
      onClose={onClose}
    />
  );
}
