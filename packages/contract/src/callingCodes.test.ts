import { getCountries, getCountryCallingCode } from 'libphonenumber-js/min';
import metadata from 'libphonenumber-js/min/metadata';
import { describe, expect, it } from 'vitest';
import { COUNTRY_CALLING_CODES, MAIN_COUNTRY_OF_CALLING_CODE } from './callingCodes';

describe('the calling codes kept for the browser (npm run generate -w @smartlock/contract when this fails)', () => {
  it('list every country of the phone-number library with its calling code', () => {
    expect(COUNTRY_CALLING_CODES).toEqual(getCountries().map((id) => [id, getCountryCallingCode(id)]));
  });
  it('name the main country of each calling code as the library does', () => {
    const byCode = (metadata as unknown as { country_calling_codes: Record<string, string[]> }).country_calling_codes;
    for (const [code, ids] of Object.entries(byCode)) expect(MAIN_COUNTRY_OF_CALLING_CODE[code], code).toBe(ids[0]);
    expect(Object.keys(MAIN_COUNTRY_OF_CALLING_CODE).sort()).toEqual(Object.keys(byCode).sort());
  });
});
