import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, countryName, countryOptions, isCountryCode } from './countries.js';
import { BusinessInfo } from './billing.js';
import { BusinessProfileInput } from './profile.js';
import { SignupRequest } from './accounts/schemas.js';
import { checkVatId } from './accounts/vat.js';

const EU = [
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
];

describe('the ISO 3166-1 country list', () => {
  it('holds every country once, each a code the runtime can name', () => {
    expect(COUNTRY_CODES.length).toBeGreaterThanOrEqual(240);
    expect(new Set(COUNTRY_CODES).size).toBe(COUNTRY_CODES.length);
    for (const code of COUNTRY_CODES) {
      expect(code).toMatch(/^[A-Z]{2}$/);
      expect(countryName(code)).not.toBe(code);
    }
    for (const code of ['CH', 'NO', 'IN', 'BR', ...EU]) expect(isCountryCode(code)).toBe(true);
    expect(isCountryCode('XX')).toBe(false);
    expect(isCountryCode('EU')).toBe(false);
  });

  it('names and sorts the countries in the visitor language', () => {
    expect(countryName('CH')).toBe('Switzerland');
    expect(countryName('CH', 'de')).toBe('Schweiz');
    expect(countryName('DE', 'fr')).toBe('Allemagne');
    const names = countryOptions('en').map((c) => c.name);
    expect(names.indexOf('Austria')).toBeLessThan(names.indexOf('Belgium'));
    expect(countryOptions('de').find((c) => c.code === 'NO')?.name).toBe('Norwegen');
  });

  it('is the list of sign-up, checkout and business details alike', () => {
    const signup = (country: string) =>
      SignupRequest.safeParse({
        email: 'a@example.com',
        password: 'secret-1',
        terms_accepted: true,
        user_metadata: { first_name: 'A', last_name: 'B', country },
      }).success;
    const checkout = (country: string) => BusinessInfo.safeParse({ isBusiness: false, country }).success;
    const profile = (country_code: string) => BusinessProfileInput.safeParse({ company_name: 'Studio', country_code }).success;
    for (const code of ['CH', 'NO', 'IN', 'BR', 'DE', 'us']) {
      expect([signup(code), checkout(code), profile(code)]).toEqual([true, true, true]);
    }
    for (const code of ['XX', '']) expect([signup(code), checkout(code), profile(code)]).toEqual([false, false, false]);
  });

  it('keeps the VAT rules of EU countries and accepts numbers where none is known', () => {
    expect(checkVatId('DE136695976', 'DE').valid).toBe(true);
    expect(checkVatId('DE136695977', 'DE').valid).toBe(false);
    expect(BusinessInfo.safeParse({ isBusiness: true, companyName: 'A', vatId: 'FR00', country: 'FR' }).success).toBe(false);
    expect(BusinessProfileInput.safeParse({ company_name: 'A', vat_id: 'DE136695977', country_code: 'DE' }).success).toBe(false);
    expect(checkVatId('CHE-123.456.789', 'IN')).toMatchObject({ valid: true, supported: false });
  });
});
