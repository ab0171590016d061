/** Choices of the sign-up form (seed 000 §3, §4). */

// seed 000 §4: a domain outside this list turns the business toggle on by itself
const FREE_EMAIL_PROVIDERS = [
  'gmail',
  'yahoo',
  'hotmail',
  'outlook',
  'aol',
  'icloud',
  'me',
  'mac',
  'live',
  'msn',
  'protonmail',
  'tutanota',
  'yandex',
  'mail.ru',
] as const;

/**
 * True when the address's domain is not a free provider. The seed names providers, not domains, so
 * gmail.com, yahoo.co.uk and mail.ru all count as free.
 */
export function isBusinessEmail(email: string): boolean {
  const at = email.lastIndexOf('@');
  if (at < 1) return false;
  const domain = email
    .slice(at + 1)
    .trim()
    .toLowerCase();
  if (!domain.includes('.')) return false;
  if (FREE_EMAIL_PROVIDERS.some((p) => p.includes('.') && (domain === p || domain.endsWith('.' + p)))) return false;
  const label = domain.split('.')[0];
  return !FREE_EMAIL_PROVIDERS.includes(label as (typeof FREE_EMAIL_PROVIDERS)[number]);
}

// seed 000 §3: signup business types
export const SIGNUP_BUSINESS_TYPES = [
  { value: 'corporation', label: 'Corporation' },
  { value: 'llc', label: 'LLC' },
  { value: 'partnership', label: 'Partnership' },
  { value: 'sole_proprietorship', label: 'Sole Proprietorship' },
  { value: 'non_profit', label: 'Non-profit' },
  { value: 'other', label: 'Other' },
] as const;

// seed 000 §3: profile form industries (the signup list is not given; the profile's is the fuller one)
export const SIGNUP_INDUSTRIES = [
  'Technology',
  'Healthcare',
  'Finance',
  'Education',
  'Manufacturing',
  'Retail',
  'Construction',
  'Real Estate',
  'Transportation',
  'Energy',
  'Entertainment',
  'Food & Beverage',
  'Consulting',
  'Marketing & Advertising',
  'Legal',
  'Non-profit',
  'Government',
  'Other',
] as const;

// seed 000 §3: EU member states plus United States, Canada, United Kingdom, Australia, New Zealand, Japan
export const SIGNUP_COUNTRIES = [
  { code: 'AT', name: 'Austria' },
  { code: 'BE', name: 'Belgium' },
  { code: 'BG', name: 'Bulgaria' },
  { code: 'HR', name: 'Croatia' },
  { code: 'CY', name: 'Cyprus' },
  { code: 'CZ', name: 'Czech Republic' },
  { code: 'DK', name: 'Denmark' },
  { code: 'EE', name: 'Estonia' },
  { code: 'FI', name: 'Finland' },
  { code: 'FR', name: 'France' },
  { code: 'DE', name: 'Germany' },
  { code: 'GR', name: 'Greece' },
  { code: 'HU', name: 'Hungary' },
  { code: 'IE', name: 'Ireland' },
  { code: 'IT', name: 'Italy' },
  { code: 'LV', name: 'Latvia' },
  { code: 'LT', name: 'Lithuania' },
  { code: 'LU', name: 'Luxembourg' },
  { code: 'MT', name: 'Malta' },
  { code: 'NL', name: 'Netherlands' },
  { code: 'PL', name: 'Poland' },
  { code: 'PT', name: 'Portugal' },
  { code: 'RO', name: 'Romania' },
  { code: 'SK', name: 'Slovakia' },
  { code: 'SI', name: 'Slovenia' },
  { code: 'ES', name: 'Spain' },
  { code: 'SE', name: 'Sweden' },
  { code: 'US', name: 'United States' },
  { code: 'CA', name: 'Canada' },
  { code: 'GB', name: 'United Kingdom' },
  { code: 'AU', name: 'Australia' },
  { code: 'NZ', name: 'New Zealand' },
  { code: 'JP', name: 'Japan' },
] as const;

export const SIGNUP_COUNTRY_CODES = SIGNUP_COUNTRIES.map((c) => c.code) as [string, ...string[]];
