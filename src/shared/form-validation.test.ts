import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ProfileUpdate, BusinessProfileInput } from './profile.js';
import { BusinessInfo } from './billing.js';
import { SignupForm, emptySignupForm } from './accounts/signup-form.js';
import { SignupRequest } from './accounts/schemas.js';
import { ApplicationAvailableInput, GrantPlanInput, MaintenanceNotificationInput, ServiceStatusInput, SetAdminInput, GrantBetaInput } from './admin.js';
import { messages } from './messages.js';

const first = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;
const all = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues.map((i) => i.message) ?? [];
// zod's own English: what a person must never read
const RAW_ZOD = /Invalid input|expected (int|number|string|boolean)|received|Invalid option|Too (big|small)/;

describe('names: one rule for sign-up and the profile', () => {
  const long = 'A'.repeat(101);
  it('a profile cannot save an empty name, as sign-up cannot create one', () => {
    expect(first(ProfileUpdate, { first_name: '  ', last_name: 'Lind' })).toBe('First name is required');
    expect(first(ProfileUpdate, { first_name: 'Mara', last_name: '' })).toBe('Last name is required');
    expect(first(SignupForm, { ...emptySignupForm, lastName: 'Lind' })).toBe('First name is required');
    const request = { email: 'a@example.com', password: 'secret-1', terms_accepted: true, user_metadata: { first_name: ' ', last_name: 'L', country: 'SE' } };
    expect(first(SignupRequest, request)).toBe('First name is required');
  });

  it('100 characters are a name; 101 say so', () => {
    expect(ProfileUpdate.safeParse({ first_name: 'A'.repeat(100), last_name: 'B' }).success).toBe(true);
    expect(first(ProfileUpdate, { first_name: long, last_name: 'B' })).toBe('First name must be at most 100 characters');
    expect(first(ProfileUpdate, { first_name: 'A', last_name: long })).toBe('Last name must be at most 100 characters');
  });

  it('a company name over 200 characters is too long, not missing, in every form', () => {
    const company = 'C'.repeat(201);
    const tooLong = 'Company name must be at most 200 characters';
    expect(first(BusinessProfileInput, { company_name: company, country_code: 'DE' })).toBe(tooLong);
    expect(first(BusinessProfileInput, { company_name: '', country_code: 'DE' })).toBe(messages.companyRequired);
    expect(first(BusinessInfo, { isBusiness: true, companyName: company, country: 'DE' })).toBe(tooLong);
    const form = { ...emptySignupForm, firstName: 'A', lastName: 'B', email: 'a@studio.example', password: 'secret-1', confirmPassword: 'secret-1' };
    expect(all(SignupForm, { ...form, country: 'DE', termsAccepted: true, isBusiness: true, company })).toEqual([tooLong]);
  });
});

describe('admin forms speak the catalogue, never zod', () => {
  const audience = { kind: 'active', targetDays: 30 };
  it('a banner switched off needs no message; one that shows does', () => {
    expect(ServiceStatusInput.safeParse({ enabled: false, message: '', type: 'info' }).success).toBe(true);
    expect(first(ServiceStatusInput, { enabled: true, message: '  ', type: 'info' })).toBe('Enter the status message to show.');
  });

  it('names the entries that are not e-mail addresses', () => {
    const msg = first(MaintenanceNotificationInput, { message: 'x', audience: { kind: 'custom', customEmails: 'ok@studio.example, nope; also wrong@' } });
    expect(msg).toBe(`${messages.adminInvalidEmails}: nope, also wrong@`);
    expect(first(MaintenanceNotificationInput, { message: 'x', audience: { kind: 'custom', customEmails: '' } })).toBe(messages.adminInvalidEmails);
  });

  it.each([
    [MaintenanceNotificationInput, { message: 'x', audience: { kind: 'active', targetDays: 2.5 } }, 'Target days must be between 1 and 365'],
    [MaintenanceNotificationInput, { message: 'x', audience: { kind: 'active', targetDays: 'soon' } }, 'Target days must be between 1 and 365'],
    [MaintenanceNotificationInput, { message: 'x', audience: { kind: 'everyone' } }, 'Choose who receives it.'],
    [MaintenanceNotificationInput, { message: 'x', severity: 'panic', audience }, 'Choose the severity: warning or error.'],
    [MaintenanceNotificationInput, { audience }, 'Enter the maintenance message.'],
    [ApplicationAvailableInput, { message: 'x'.repeat(5001), audience }, 'The message must be at most 5000 characters'],
    [ApplicationAvailableInput, { message: 'x', callToActionText: 'y'.repeat(61), audience }, 'The button text must be at most 60 characters'],
    [GrantPlanInput, { email: 'a@studio.example', plan_tier: 'platinum', expiration_date: '2099-01-01' }, 'Choose the plan to grant.'],
    [GrantPlanInput, { email: 'a@studio.example', plan_tier: 'pro' }, messages.adminExpirationPast],
    [GrantBetaInput, {}, 'Enter a valid email address'],
    [SetAdminInput, { email: 'a@studio.example', admin: 'yes' }, 'Choose whether to give or take the admin role.'],
    [ServiceStatusInput, { enabled: true, message: 'x', type: 'party' }, 'Choose the banner type.'],
  ] as [z.ZodType, unknown, string][])('%#: %j', (schema, value, expected) => {
    const messagesOf = all(schema, value);
    expect(messagesOf[0]).toBe(expected);
    for (const m of messagesOf) expect(m).not.toMatch(RAW_ZOD);
  });
});
