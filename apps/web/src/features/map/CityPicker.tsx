import type { CityItem } from '@smartlock/contract';
import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { regionName } from '../../i18n/format';
import { useCitySearch } from './mapApi';

/** How long typing pauses before the cities are looked up. */
const DEBOUNCE_MS = 250;

/** "City, Country" in the console's language. */
export function cityLabel(city: Pick<CityItem, 'name' | 'country'>, language: string): string {
  return city.country ? `${city.name}, ${regionName(city.country, language)}` : city.name;
}

/** A city chosen by typing the first letters of its name (the bundled GeoNames cities, largest first). */
export function CityPicker({
  value,
  onChange,
  initial,
}: {
  value?: number;
  onChange?: (cityId: number) => void;
  /** The city already chosen, so its name shows before any search. */
  initial?: Pick<CityItem, 'cityId' | 'name' | 'country'> | null;
}) {
  const { t, i18n } = useTranslation();
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const found = useCitySearch(keyword);
  const options = (found.data?.list ?? []).map((city) => ({
    value: city.cityId,
    label: cityLabel(city, i18n.language),
  }));
  if (initial && !options.some((option) => option.value === initial.cityId)) {
    options.unshift({ value: initial.cityId, label: cityLabel(initial, i18n.language) });
  }
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setTyped }}
      value={value}
      onChange={onChange}
      options={options}
      placeholder={t('map.searchCity')}
      loading={found.isFetching}
      notFoundContent={keyword && !found.isFetching ? t('map.noCityFound') : null}
      // At most 20 cities: a plain list, which opens at its first (best) match.
      virtual={false}
      style={{ width: '100%' }}
      data-testid="city-picker"
    />
  );
}
