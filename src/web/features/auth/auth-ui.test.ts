import { describe, expect, it } from 'vitest';
import { resetFormError } from './ResetPasswordPage';
import { displayNameOf, initialsOf } from './NavAccount';
import { accountPlanLabel } from '@shared/plans';
import type { Me } from './session';

const me = (first: string | null, last: string | null, email = 'erika.muster@studio.de'): Me => ({
  user: { id: 'u1', email, name: 'x', role: 'user', emailVerified: true },
  profile: { first_name: first, last_name: last, email, credits_remaining: 4, beta_access: false, subscription_status: 'free', is_business: false },
});

describe('reset password form (seed 000 §5)', () => {
  const ok = { code: 'H4K9QZ', password: 'secret1', confirm: 'secret1', codeMode: true };
  it('asks for the code first, then length, then equality', () => {
    expect(resetFormError(ok)).toBeNull();
    expect(resetFormError({ ...ok, code: '' })).toBe('Please enter your reset code');
    expect(resetFormError({ ...ok, code: 'H4K' })).toBe('Please enter your reset code');
    expect(resetFormError({ ...ok, password: '12345', confirm: '12345' })).toBe('Password must be at least 6 characters long');
    expect(resetFormError({ ...ok, confirm: 'secret2' })).toBe('Passwords do not match');
    expect(resetFormError({ ...ok, code: '', codeMode: false })).toBeNull();
  });
});

describe('user menu (seed 000 §2)', () => {
  it('shows initials, the name or the local part of the e-mail, and the tier', () => {
    expect(initialsOf(me('Erika', 'Muster'))).toBe('EM');
    expect(initialsOf(me(null, null))).toBe('ER');
    expect(displayNameOf(me('Erika', 'Muster'))).toBe('Erika Muster');
    expect(displayNameOf(me(null, null))).toBe('erika.muster');
    expect(accountPlanLabel({ subscription_status: 'free', beta_access: false })).toBe('Free plan');
    expect(accountPlanLabel({ subscription_status: 'pro', beta_access: false })).toBe('Professional plan');
    expect(accountPlanLabel({ subscription_status: 'business', beta_access: false })).toBe('Business plan');
  });
});
