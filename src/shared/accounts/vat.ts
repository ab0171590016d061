import { checkVAT, countries } from 'jsvat';

export interface VatCheck {
  valid: boolean;
  /** False when jsvat has no rule for the country: the number is then accepted as entered. */
  supported: boolean;
  normalized: string;
}

/** VAT numbers are compared uppercased and without spaces, dots or dashes (seed 000 §5: uppercased). */
export function normalizeVatId(vatId: string): string {
  return vatId.toUpperCase().replace(/[\s.-]/g, '');
}

/**
 * Format and checksum check with jsvat for the chosen country. Countries jsvat does not know (US, CA, AU, NZ, JP)
 * have no common VAT format, so any non-empty number is accepted for them.
 */
export function checkVatId(vatId: string, countryCode: string): VatCheck {
  const normalized = normalizeVatId(vatId);
  const code = countryCode.toUpperCase();
  const country = countries.find((c) => c.codes.includes(code));
  if (!country) return { valid: normalized.length > 0, supported: false, normalized };
  // a number typed without its country prefix is checked with it (Greece's VAT prefix is EL)
  const prefixed = /^[A-Z]{2}/.test(normalized) ? normalized : (code === 'GR' ? 'EL' : code) + normalized;
  const result = checkVAT(prefixed, [country]);
  return { valid: result.isValid, supported: true, normalized };
}
