import { z } from 'zod';
import { accountMessages as m } from './messages.js';
import { MIN_PASSWORD_LENGTH, type SignupRequest } from './schemas.js';
import { COMPANY_NAME_MAX, firstNameSchema, lastNameSchema, tooLong } from './names.js';

/** seed 000 §3: the signup profile as the form holds it (camelCase); sent as user_metadata with snake_case keys. */
export const SignupForm = z
  .object({
    firstName: firstNameSchema,
    lastName: lastNameSchema,
    email: z
      .string()
      .trim()
      .min(1, m.emailRequired)
      .pipe(z.email({ error: 'Please enter a valid email address' })),
    password: z.string().min(MIN_PASSWORD_LENGTH, m.passwordTooShort),
    confirmPassword: z.string(),
    isBusiness: z.boolean(),
    company: z.string().max(COMPANY_NAME_MAX, tooLong('Company name', COMPANY_NAME_MAX)),
    vatId: z.string(),
    businessType: z.string(),
    industry: z.string(),
    country: z.string().min(1, m.countryRequired),
    phone: z.string(),
    jobTitle: z.string(),
    location: z.string(),
    heardAbout: z.string(),
    termsAccepted: z.boolean().refine((v) => v, m.termsRequired),
    marketingOptIn: z.boolean(),
  })
  .superRefine((f, ctx) => {
    if (f.password !== f.confirmPassword) ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: m.passwordsDontMatch });
    if (f.isBusiness && !f.company.trim()) ctx.addIssue({ code: 'custom', path: ['company'], message: m.companyRequired });
  });
export type SignupForm = z.infer<typeof SignupForm>;

export const emptySignupForm: SignupForm = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  confirmPassword: '',
  isBusiness: false,
  company: '',
  vatId: '',
  businessType: '',
  industry: '',
  country: '',
  phone: '',
  jobTitle: '',
  location: '',
  heardAbout: '',
  termsAccepted: false,
  marketingOptIn: false,
};

const opt = (v: string) => (v.trim() ? v.trim() : undefined);

/** The request body of POST /api/accounts/signup for a valid form. */
export function toSignupRequest(f: SignupForm): SignupRequest {
  return {
    email: f.email.trim(),
    password: f.password,
    terms_accepted: true,
    user_metadata: {
      first_name: f.firstName.trim(),
      last_name: f.lastName.trim(),
      company: f.isBusiness ? opt(f.company) : undefined,
      phone: opt(f.phone),
      job_title: opt(f.jobTitle),
      location: opt(f.location),
      heard_about: opt(f.heardAbout),
      marketing_opt_in: f.marketingOptIn,
      is_business: f.isBusiness,
      vat_id: f.isBusiness && f.vatId.trim() ? f.vatId.trim().toUpperCase() : undefined,
      business_type: f.isBusiness ? opt(f.businessType) : undefined,
      industry: f.isBusiness ? opt(f.industry) : undefined,
      country: f.country,
    },
  };
}
