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
