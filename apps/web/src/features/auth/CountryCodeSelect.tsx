import { COUNTRIES, countryForCallingCode, countryName, DEFAULT_COUNTRY_CODE } from '@smartlock/contract';
import { Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** The default country: the one of the default calling code (+61). */
export const DEFAULT_COUNTRY = countryForCallingCode(DEFAULT_COUNTRY_CODE) ?? 'AU';

export function callingCodeOf(countryId: string | undefined): string {
  return COUNTRIES.find((c) => c.id === countryId)?.callingCode ?? DEFAULT_COUNTRY_CODE;
}

/**
 * Country-code picker: countries named in the current language, searchable by name or code.
 * `named` shows the chosen country's name too and fills the width (a country or region field).
 */
export function CountryCodeSelect(props: {
  value?: string;
  onChange?: (value: string) => void;
  named?: boolean;
  testId?: string;
  ariaLabel?: string;
}) {
  const { t, i18n } = useTranslation();
  const options = useMemo(
    () =>
      COUNTRIES.map((c) => ({
        value: c.id,
        label: `${countryName(c.id, i18n.language)} ${c.callingCode}`,
        short: c.callingCode,
      })).sort((a, b) => a.label.localeCompare(b.label, i18n.language.replace('_', '-'))),
    [i18n.language],
  );
  return (
    <Select
      aria-label={props.ariaLabel ?? t('auth.countryCode')}
      data-testid={props.testId ?? 'country-code'}
      showSearch={{ optionFilterProp: 'label' }}
      value={props.value ?? DEFAULT_COUNTRY}
      onChange={props.onChange}
      options={options}
      optionLabelProp={props.named ? 'label' : 'short'}
      popupMatchSelectWidth={props.named ? true : 300}
      style={props.named ? { width: '100%' } : { width: 110 }}
    />
  );
}
