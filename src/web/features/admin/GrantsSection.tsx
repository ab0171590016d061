import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { ApiError } from '@web/lib/api-client';
import { Button } from '@web/ui/button';
import { Field, SelectInput, TextInput } from '@web/ui/form';
import { msg } from '@shared/messages';
import { GrantBetaInput, GrantPlanInput } from '@shared/admin';
import { BETA_CREDITS, COMPLIMENTARY_CREDITS, GRANTABLE_TIERS, planName, type GrantableTier } from '@shared/plans';
import { adminApi } from './api';
import { AdminCard } from './AdminCard';
import { formatCredits } from '@shared/credit-cost';

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

/** seed 001 §7.5 grant-complimentary-plan: a valid e-mail, a tier and an expiration date in the future. */
export function ComplimentaryPlanSection() {
  const [email, setEmail] = useState('');
  const [tier, setTier] = useState<GrantableTier>('pro');
  const [expires, setExpires] = useState('');
  const [errors, setErrors] = useState<{ email?: string; expiration?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const input = { email, plan_tier: tier, expiration_date: expires };
    const parsed = GrantPlanInput.safeParse(input);
    const dateInPast = !!expires && new Date(`${expires}T23:59:59`).getTime() <= Date.now();
    const next: typeof errors = {};
    const emailIssue = parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === 'email');
    if (emailIssue) next.email = emailIssue.message;
    // seed 000 §5: the expiration date must be in the future
    if (!expires || dateInPast) next.expiration = msg('adminExpirationPast');
    if (next.email || next.expiration || !parsed.success) return setErrors(next);
    setBusy(true);
    try {
      // the end of the chosen day in the admin's time zone
      const r = await adminApi.grantPlan({ ...parsed.data, expiration_date: new Date(`${expires}T23:59:59`).toISOString() });
      toast.success(msg('adminPlanGranted', { plan: planName(tier), email: parsed.data.email, before: r.balance_before, after: r.balance_after }));
      setEmail('');
      setErrors({});
    } catch (err) {
      const text = err instanceof ApiError && err.status < 500 && err.status > 0 ? err.message : msg('adminGrantFailed');
      setErrors({ form: text, ...(text === msg('adminUserNotFound') ? { email: text } : {}) });
      toast.error(text);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AdminCard
      id="complimentary-plan"
      title="Grant complimentary subscription"
      description="The balance raised to the plan's monthly credits (never lowered), until the date you choose."
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <Field label="User email" required error={errors.email}>
          {(id) => (
            <TextInput
              id={id}
              type="email"
              value={email}
              invalid={!!errors.email}
              onChange={(e) => {
                setEmail(e.target.value);
                setErrors({});
              }}
            />
          )}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          {/* the option says the plan alone and the hint its credits: "Enterprise · 5,000 credits/month" was cut off in a half-width select */}
          <Field label="Plan" hint={`${formatCredits(COMPLIMENTARY_CREDITS[tier])}/month`}>
            {(id) => (
              <SelectInput id={id} value={tier} onChange={(e) => setTier(e.target.value as GrantableTier)}>
                {GRANTABLE_TIERS.map((t) => (
                  <option key={t} value={t}>
                    {planName(t)}
                  </option>
                ))}
              </SelectInput>
            )}
          </Field>
          <Field label="Expires on" required error={errors.expiration}>
            {(id) => (
              <TextInput
                id={id}
                type="date"
                min={tomorrow()}
                value={expires}
                invalid={!!errors.expiration}
                onChange={(e) => {
                  setExpires(e.target.value);
                  setErrors({});
                }}
              />
            )}
          </Field>
        </div>
        <Button type="submit" busy={busy}>
          Grant Plan
        </Button>
      </form>
    </AdminCard>
  );
}

/** seed 001 §7.5 grant-beta-access: the badge and BETA_CREDITS now and monthly, with the beta-access e-mail. */
export function BetaAccessSection() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = GrantBetaInput.safeParse({ email });
    if (!parsed.success) return setError(parsed.error.issues[0].message);
    setBusy(true);
    try {
      const r = await adminApi.grantBeta(parsed.data.email);
      if (r.already_had_beta) toast.success(msg('adminBetaAlreadyGranted', { email: parsed.data.email, credits: r.balance_after }));
      else {
        const granted = msg('adminBetaGranted', { email: parsed.data.email, before: r.balance_before, after: r.balance_after });
        toast.success(`${granted}${r.email_sent ? ', email sent' : ''}`);
      }
      setEmail('');
    } catch (err) {
      const text = err instanceof ApiError && err.status < 500 && err.status > 0 ? err.message : msg('adminBetaFailed');
      setError(text);
      toast.error(text);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AdminCard
      id="beta-access"
      title="Grant beta access"
      description={`The beta badge, the balance raised to ${formatCredits(BETA_CREDITS)} (never lowered) and ${BETA_CREDITS.toLocaleString('en-US')} every month; the user gets the beta-access email once.`}
    >
      <form onSubmit={submit} className="flex flex-col gap-4 sm:flex-row sm:items-start" noValidate>
        <div className="flex-1">
          <Field label="User email" required error={error}>
            {(id) => (
              <TextInput
                id={id}
                type="email"
                value={email}
                invalid={!!error}
                onChange={(e) => {
                  setEmail(e.target.value);
                  setError(undefined);
                }}
              />
            )}
          </Field>
        </div>
        <Button type="submit" busy={busy} className="sm:mt-7">
          Grant Beta Access
        </Button>
      </form>
    </AdminCard>
  );
}
