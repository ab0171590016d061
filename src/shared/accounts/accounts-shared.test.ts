import { describe, expect, it } from 'vitest';
import { isBusinessEmail } from './signup-options.js';
import { checkVatId } from './vat.js';
import { SignupForm, emptySignupForm, toSignupRequest } from './signup-form.js';
import { SignupRequest, formatCodeGroups, normalizeCode } from './schemas.js';
import { isPaidStatus } from '../plans.js';
import { accountMessages as m, signupErrorMessage } from './messages.js';

describe('business e-mail detection (seed 000 §4)', () => {
  it.each([
    ['anna@gmail.com', false],
    ['anna@yahoo.co.uk', false],
    ['anna@me.com', false],
    ['anna@mail.ru', false],
    ['anna@protonmail.ch', false],
    ['anna@studio-north.de', true],
    ['anna@mailbox.org', true],
    ['anna@', false],
    ['anna', false],
  ])('%s → %s', (email, business) => expect(isBusinessEmail(email)).toBe(business));
});

describe('VAT IDs', () => {
  it('checks format and checksum for the chosen country, with or without the prefix', () => {
    expect(checkVatId('de136695976', 'DE').valid).toBe(true);
    expect(checkVatId('136 695 976', 'DE').valid).toBe(true);
    expect(checkVatId('DE136695977', 'DE').valid).toBe(false);
    expect(checkVatId('094259216', 'GR').valid).toBe(true);
    expect(checkVatId('12-3456789', 'US')).toMatchObject({ valid: true, supported: false });
  });
});

describe('signup form', () => {
  const valid = {
    ...emptySignupForm,
    firstName: 'Ada',
    lastName: 'L',
    email: 'ada@studio.de',
    password: 'secret1',
    confirmPassword: 'secret1',
    country: 'DE',
    termsAccepted: true,
  };
  const firstError = (f: unknown) => {
    const r = SignupForm.safeParse(f);
    return r.success ? null : r.error.issues[0].message;
  };
  it('has the seed messages', () => {
    expect(firstError(valid)).toBeNull();
    expect(firstError({ ...valid, confirmPassword: 'other1' })).toBe("Passwords don't match");
    expect(firstError({ ...valid, termsAccepted: false })).toBe('You must accept the Terms of Service to continue');
    expect(firstError({ ...valid, country: '' })).toBe('Country selection is required');
    expect(firstError({ ...valid, isBusiness: true })).toBe('Company name is required for business accounts');
  });
  it('maps to the request with snake_case metadata that the server accepts', () => {
    const req = toSignupRequest({ ...valid, isBusiness: true, company: 'Studio', vatId: 'de136695976', jobTitle: 'Lead', marketingOptIn: true });
    expect(req.user_metadata).toMatchObject({
      first_name: 'Ada',
      company: 'Studio',
      vat_id: 'DE136695976',
      job_title: 'Lead',
      marketing_opt_in: true,
      is_business: true,
      country: 'DE',
    });
    expect(SignupRequest.safeParse(req).success).toBe(true);
  });
});

describe('codes and statuses', () => {
  it('shows verification codes as four groups of four and accepts them back in any form', () => {
    expect(formatCodeGroups('abcd2345efgh6789')).toBe('ABCD-2345-EFGH-6789');
    expect(normalizeCode('abcd-2345 efgh-6789')).toBe('ABCD2345EFGH6789');
  });
  it('knows the paid plans', () => {
    expect(['basic', 'pro', 'professional', 'business', 'enterprise'].every(isPaidStatus)).toBe(true);
    expect(isPaidStatus('free')).toBe(false);
    expect(isPaidStatus(null)).toBe(false);
  });
  it('maps sign-up failures by status (seed 001 §8)', () => {
    expect(signupErrorMessage(429)).toBe(m.signupTooMany);
    expect(signupErrorMessage(409)).toBe(m.signupExists);
    expect(signupErrorMessage(400)).toBe(m.signupInvalid);
    expect(signupErrorMessage(500)).toBe(m.signupServerError);
    expect(signupErrorMessage(502, 'Bad gateway')).toBe('Bad gateway');
    expect(signupErrorMessage(503)).toBe(m.signupOther);
  });
});
