import { Link, useNavigate } from 'react-router';
import { billingText } from '@shared/billing';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { accountMessages as m, signupErrorMessage } from '@shared/accounts/messages';
import { SignupForm, emptySignupForm, toSignupRequest } from '@shared/accounts/signup-form';
import { SIGNUP_BUSINESS_TYPES, SIGNUP_INDUSTRIES, isBusinessEmail } from '@shared/accounts/signup-options';
import { CountryOptions } from '@web/ui/country-options';
import { AuthApiError, authApi } from './api';
import { Button } from '@web/ui/button';
import { CheckboxInput, Field, SelectInput, TextInput } from '@web/ui/form';
import { AuthShell } from '@web/ui/auth-shell';

/** /signup: the seed's signup profile; on success /confirm with the e-mail in navigation state. */
export function SignupPage() {
  const navigate = useNavigate();
  const form = useForm<SignupForm>({ resolver: zodResolver(SignupForm), defaultValues: emptySignupForm, mode: 'onSubmit' });
  const { register, handleSubmit, watch, setError, formState } = form;
  const errors = formState.errors;
  const email = watch('email');
  const isBusiness = watch('isBusiness');
  // seed 000 §4 turns the business toggle on for any domain outside its short list of free providers; that list misses
  // most webmail (gmx.de, web.de, qq.com, …) and a freelancer's own domain is no company, so an account became a
  // business one unasked and the company field blocked the sign-up. The address only suggests it: the hint shows,
  // the choice stays the user's.
  const businessDetected = !isBusiness && isBusinessEmail(email ?? '');

  const onSubmit = handleSubmit(async (values) => {
    // seed 000 §5: VAT ID validated when non-empty and a country is chosen
    if (values.isBusiness && values.vatId.trim() && values.country) {
      try {
        const vat = await authApi.validateVat(values.vatId.trim(), values.country);
        if (!vat.valid) {
          setError('vatId', { message: m.vatInvalid });
          return;
        }
      } catch {
        setError('vatId', { message: m.vatUnavailable });
        return;
      }
    }
    try {
      const result = await authApi.signUp(toSignupRequest(values));
      if (result.warning) toast.warning(result.warning);
      navigate('/confirm', { state: { email: result.user.email } });
    } catch (err) {
      toast.error(err instanceof AuthApiError ? (err.status === 0 ? m.unexpected : signupErrorMessage(err.status, err.message)) : m.unexpected);
    }
  });

  return (
    <AuthShell
      wide
      title="Create your account"
      subtitle={billingText.signupSubtitle}
      footer={
        <p>
          Already have an account?{' '}
          <Link to="/login" className="font-medium text-violet-300 hover:underline">
            Log In
          </Link>
        </p>
      }
    >
      <form onSubmit={onSubmit} className="space-y-5" noValidate>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="First name" required error={errors.firstName?.message}>
            {(id) => <TextInput id={id} autoComplete="given-name" invalid={!!errors.firstName} {...register('firstName')} />}
          </Field>
          <Field label="Last name" required error={errors.lastName?.message}>
            {(id) => <TextInput id={id} autoComplete="family-name" invalid={!!errors.lastName} {...register('lastName')} />}
          </Field>
        </div>
        <Field label="Email" required error={errors.email?.message} hint={businessDetected ? m.businessEmailDetected : undefined}>
          {(id) => <TextInput id={id} type="email" autoComplete="email" invalid={!!errors.email} {...register('email')} />}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Password" required error={errors.password?.message}>
            {(id) => <TextInput id={id} type="password" autoComplete="new-password" invalid={!!errors.password} {...register('password')} />}
          </Field>
          <Field label="Confirm password" required error={errors.confirmPassword?.message}>
            {(id) => <TextInput id={id} type="password" autoComplete="new-password" invalid={!!errors.confirmPassword} {...register('confirmPassword')} />}
          </Field>
        </div>
        <Field label="Country" required error={errors.country?.message}>
          {(id) => (
            <SelectInput id={id} invalid={!!errors.country} {...register('country')}>
              <option value="">Select your country</option>
              <CountryOptions />
            </SelectInput>
          )}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Phone">{(id) => <TextInput id={id} type="tel" autoComplete="tel" {...register('phone')} />}</Field>
          <Field label="Job title">{(id) => <TextInput id={id} autoComplete="organization-title" {...register('jobTitle')} />}</Field>
          <Field label="Location">{(id) => <TextInput id={id} autoComplete="address-level2" {...register('location')} />}</Field>
          <Field label="How did you hear about us?">{(id) => <TextInput id={id} {...register('heardAbout')} />}</Field>
        </div>

        <div className="rounded-xl border border-white/10 p-4">
          <CheckboxInput label="This is a business account" {...register('isBusiness')} />
          {isBusiness && (
            <div className="mt-4 grid gap-4 sm:grid-cols-2">
              <Field label="Company" required error={errors.company?.message}>
                {(id) => <TextInput id={id} autoComplete="organization" invalid={!!errors.company} {...register('company')} />}
              </Field>
              <Field label="VAT ID" error={errors.vatId?.message}>
                {(id) => (
                  <TextInput
                    id={id}
                    invalid={!!errors.vatId}
                    {...register('vatId', { setValueAs: (v: string) => v.toUpperCase() })}
                    onInput={(e) => {
                      const el = e.currentTarget;
                      el.value = el.value.toUpperCase();
                    }}
                  />
                )}
              </Field>
              <Field label="Business type">
                {(id) => (
                  <SelectInput id={id} {...register('businessType')}>
                    <option value="">Select business type</option>
                    {SIGNUP_BUSINESS_TYPES.map((t) => (
                      <option key={t.value} value={t.value}>
                        {t.label}
                      </option>
                    ))}
                  </SelectInput>
                )}
              </Field>
              <Field label="Industry">
                {(id) => (
                  <SelectInput id={id} {...register('industry')}>
                    <option value="">Select industry</option>
                    {SIGNUP_INDUSTRIES.map((i) => (
                      <option key={i} value={i}>
                        {i}
                      </option>
                    ))}
                  </SelectInput>
                )}
              </Field>
            </div>
          )}
        </div>

        <CheckboxInput
          label={
            <>
              I accept the{' '}
              <Link to="/terms-of-service" className="underline">
                Terms of Service
              </Link>{' '}
              and the{' '}
              <Link to="/privacy-policy" className="underline">
                Privacy Policy
              </Link>
            </>
          }
          error={errors.termsAccepted?.message}
          {...register('termsAccepted')}
        />
        <CheckboxInput label="Send me product news and offers" {...register('marketingOptIn')} />
        <Button type="submit" className="w-full" busy={formState.isSubmitting}>
          Sign Up
        </Button>
      </form>
    </AuthShell>
  );
}

export default SignupPage;
