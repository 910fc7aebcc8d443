import { COUNTRY_CALLING_CODES, MAIN_COUNTRY_OF_CALLING_CODE } from './callingCodes';

export interface Country {
  /** ISO 3166-1 alpha-2; the user's countryId. */
  id: string;
  /** International calling code with its plus sign: "+61". */
  callingCode: string;
}

/** Every country with a calling code, for the country-code picker; names come from Intl. */
export const COUNTRIES: readonly Country[] = COUNTRY_CALLING_CODES.map(([id, digits]) => ({
  id,
  callingCode: `+${digits}`,
}));

const IDS = new Set(COUNTRIES.map((c) => c.id));

export function isCountryId(id: string): boolean {
  return IDS.has(id);
}

/** The main country of a calling code: "+61" to "AU", "+1" to "US". */
export function countryForCallingCode(callingCode: string): string | undefined {
  return MAIN_COUNTRY_OF_CALLING_CODE[callingCode.replace(/^\+/, '')];
}

const displayNames = new Map<string, Intl.DisplayNames>();

/** A country's name in a console locale ("en_US" style), from the runtime's own CLDR data. */
export function countryName(id: string, locale: string): string {
  try {
    let names = displayNames.get(locale);
    if (!names) {
      names = new Intl.DisplayNames([locale.replace('_', '-')], { type: 'region' });
      displayNames.set(locale, names);
    }
    return names.of(id) ?? id;
  } catch {
    return id;
  }
}
