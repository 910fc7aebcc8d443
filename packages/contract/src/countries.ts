import {
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/min';
import metadata from 'libphonenumber-js/min/metadata';

export interface Country {
  /** ISO 3166-1 alpha-2; the user's countryId. */
  id: string;
  /** International calling code with its plus sign: "+61". */
  callingCode: string;
}

/** Every country with a calling code, for the country-code picker; names come from Intl. */
export const COUNTRIES: readonly Country[] = getCountries().map((id) => ({
  id,
  callingCode: `+${getCountryCallingCode(id)}`,
}));

const IDS = new Set(COUNTRIES.map((c) => c.id));

export function isCountryId(id: string): id is CountryCode {
  return IDS.has(id);
}

/** The main country of a calling code: "+61" to "AU", "+1" to "US". */
export function countryForCallingCode(callingCode: string): string | undefined {
  const digits = callingCode.replace(/^\+/, '');
  const byCode = (metadata as unknown as { country_calling_codes: Record<string, string[]> }).country_calling_codes;
  return byCode[digits]?.[0];
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

/** The country a mobile number (E.164) belongs to: "+61412345678" to "AU". */
export function countryOfMobile(e164: string): string | undefined {
  return parsePhoneNumberFromString(e164)?.country;
}

/** The calling code of a mobile number (E.164): "+61412345678" to "+61". */
export function callingCodeOfMobile(e164: string): string | undefined {
  const parsed = parsePhoneNumberFromString(e164);
  return parsed ? `+${parsed.countryCallingCode}` : undefined;
}
