import { describe, expect, it } from 'vitest';
import { describeAuditDetails } from './audit-details';

const ok = (action: Parameters<typeof describeAuditDetails>[0]['action'], details: Record<string, unknown>) =>
  describeAuditDetails({ action, result: 'success', details });

describe('what an audit entry says changed', () => {
  it('the banner before → after, text and type; off when it was off', () => {
    expect(
      ok('service_status.update', {
        enabled: true,
        type: 'info',
        message: 'Engine upgrade moved to 23:00.',
        before: { enabled: true, type: 'warning', message: 'Engine upgrade at 22:00.' },
      }),
    ).toBe('banner warning “Engine upgrade at 22:00.” → info “Engine upgrade moved to 23:00.”');
    expect(ok('service_status.update', { enabled: false, type: 'info', message: '', before: { enabled: true, type: 'error', message: 'Down' } })).toBe(
      'banner error “Down” → off',
    );
  });

  it('a batch: the recipient count, who, how many opted out and what it said', () => {
    expect(
      ok('notification.application_available', { recipients: 12, audience: 'active in the last 30 days (12)', optedOut: 3, message: 'We are back.' }),
    ).toBe('12 recipients (active in the last 30 days (12)) · 3 opted out: “We are back.”');
    expect(ok('notification.maintenance', { recipients: 1, audience: 'test (you only)', optedOut: 0, severity: 'warning', message: 'Tonight' })).toBe(
      '1 recipient (test (you only)) · warning: “Tonight”',
    );
  });

  it('a plan by name with its end and the balance; beta and roles before → after', () => {
    expect(
      ok('grant.complimentary_plan', { tier: 'business', planName: 'Business', expiresAt: '2027-06-30T21:59:59.000Z', balanceBefore: 4, balanceAfter: 1000 }),
    ).toBe('Business until 2027-06-30 · credits 4 → 1000');
    expect(ok('grant.beta_access', { balanceBefore: 5000, balanceAfter: 5000, alreadyHadBeta: true })).toBe('credits 5000 → 5000 (already had beta access)');
    expect(ok('role.revoke_admin', { changed: true, roleBefore: 'admin', roleAfter: 'user' })).toBe('role admin → user');
    expect(ok('role.grant_admin', { changed: false, roleBefore: 'admin', roleAfter: 'admin' })).toBe('role already admin, nothing changed');
  });

  it('a refusal says what the admin was told; an entry without details says nothing', () => {
    expect(describeAuditDetails({ action: 'grant.beta_access', result: 'failure', details: { message: 'User not found' } })).toBe('User not found');
    expect(ok('role.grant_admin', { changed: true })).toBeNull();
  });
});
