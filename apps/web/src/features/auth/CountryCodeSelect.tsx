import { COUNTRIES, countryForCallingCode, countryName, DEFAULT_COUNTRY_CODE } from '@smartlock/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NativeSelect } from '../../ui/NativeSelect';

/** The default country: the one of the default calling code (+61). */
export const DEFAULT_COUNTRY = countryForCallingCode(DEFAULT_COUNTRY_CODE) ?? 'AU';

export function callingCodeOf(countryId: string | undefined): string {
  return COUNTRIES.find((c) => c.id === countryId)?.callingCode ?? DEFAULT_COUNTRY_CODE;
}

/**
 * Country-code picker: countries named in the current language (the list is the browser's own,
 * found by typing a name's first letters). Closed, it shows the calling code; `named` shows the
 * country's name too and fills the width (a country or region field).
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
      COUNTRIES.map((c) => ({ value: c.id, label: `${countryName(c.id, i18n.language)} ${c.callingCode}` })).sort(
        (a, b) => a.label.localeCompare(b.label, i18n.language.replace('_', '-')),
      ),
    [i18n.language],
  );
  const value = props.value ?? DEFAULT_COUNTRY;
  return (
    <NativeSelect
      ariaLabel={props.ariaLabel ?? t('auth.countryCode')}
      testId={props.testId ?? 'country-code'}
      value={value}
      onChange={props.onChange}
      options={options}
      shown={props.named ? undefined : callingCodeOf(value)}
      style={props.named ? { width: '100%' } : { width: 96, flex: 'none' }}
    />
  );
}
