import { useEffect, useState, type FormEvent } from 'react';
import { Dialog } from 'radix-ui';
import { X } from 'lucide-react';
import { BusinessInfo, CHECKOUT_BUSINESS_TYPES, CHECKOUT_INDUSTRIES, type BusinessInfoInput } from '@shared/billing';
import { isCountryCode } from '@shared/countries';
import { CountryOptions } from '@web/ui/country-options';
import { planName } from '@shared/plans';
import { Button } from '@web/ui/button';
import { Alert, CheckboxInput, Field, SelectInput, TextInput } from '@web/ui/form';
import { BillingApiError } from './api';

type Errors = Partial<Record<'companyName' | 'vatId' | 'country' | 'form', string>>;

/**
 * The subscription details dialog (seed 000 §3 customer information form): business or not, company name (required
 * for a business), VAT ID (optional, checked against the country), business type, industry and country (always
 * required). Its answers go with the checkout request.
 */
export function SubscriptionDetailsDialog(props: {
  plan: string | null;
  /** The country given before (sign-up or an earlier checkout): pre-filled. */
  country?: string | null;
  busy: boolean;
  onClose: () => void;
  onSubmit: (info: BusinessInfoInput) => Promise<void>;
}) {
  const [form, setForm] = useState({ isBusiness: false, companyName: '', vatId: '', businessType: '', industry: '', country: '' });
  const known = props.country && isCountryCode(props.country) ? props.country : '';
  useEffect(() => {
    if (props.plan) setForm((f) => (f.country ? f : { ...f, country: known }));
  }, [props.plan, known]);
  const [errors, setErrors] = useState<Errors>({});
  const set = (key: keyof typeof form, value: string | boolean) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined, form: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const input: BusinessInfoInput = {
      isBusiness: form.isBusiness,
      companyName: form.companyName || undefined,
      vatId: form.vatId || undefined,
      businessType: form.isBusiness && form.businessType ? form.businessType : undefined,
      industry: form.isBusiness && form.industry ? form.industry : undefined,
      country: form.country,
    };
    const parsed = BusinessInfo.safeParse(input);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0]) as keyof Errors;
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    try {
      await props.onSubmit(input);
    } catch (err) {
      setErrors({ form: err instanceof BillingApiError ? err.message : String(err) });
    }
  };

  return (
    <Dialog.Root open={!!props.plan} onOpenChange={(open) => !open && props.onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[90dvh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-zinc-200 bg-white p-6 shadow-xl dark:border-zinc-800 dark:bg-zinc-950">
          <Dialog.Title className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">Subscription Details</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
            Before checkout for the {planName(props.plan)} plan, tell us who the invoices are for.
          </Dialog.Description>
          <Dialog.Close asChild>
            <button type="button" aria-label="Close" className="absolute right-4 top-4 rounded p-1 text-zinc-500 hover:bg-zinc-100 dark:hover:bg-zinc-800">
              <X className="h-4 w-4" />
            </button>
          </Dialog.Close>
          <form className="mt-5 space-y-4" onSubmit={submit} noValidate>
            <CheckboxInput
              name="isBusiness"
              label="I am purchasing for a business"
              checked={form.isBusiness}
              onChange={(e) => set('isBusiness', e.target.checked)}
            />
            {form.isBusiness && (
              <>
                <Field label="Company name" required error={errors.companyName}>
                  {(id) => (
                    <TextInput
                      id={id}
                      name="companyName"
                      value={form.companyName}
                      invalid={!!errors.companyName}
                      onChange={(e) => set('companyName', e.target.value)}
                    />
                  )}
                </Field>
                <div className="grid gap-4 sm:grid-cols-2">
                  <Field label="Business type">
                    {(id) => (
                      <SelectInput id={id} name="businessType" value={form.businessType} onChange={(e) => set('businessType', e.target.value)}>
                        <option value="">Select type</option>
                        {CHECKOUT_BUSINESS_TYPES.map((t) => (
                          <option key={t.value} value={t.value}>
                            {t.label}
                          </option>
                        ))}
                      </SelectInput>
                    )}
                  </Field>
                  <Field label="Industry">
                    {(id) => (
                      <SelectInput id={id} name="industry" value={form.industry} onChange={(e) => set('industry', e.target.value)}>
                        <option value="">Select industry</option>
                        {CHECKOUT_INDUSTRIES.map((t) => (
                          <option key={t.value} value={t.value}>
                            {t.label}
                          </option>
                        ))}
                      </SelectInput>
                    )}
                  </Field>
                </div>
              </>
            )}
            <Field label="VAT ID (optional)" error={errors.vatId}>
              {(id) => (
                <TextInput
                  id={id}
                  name="vatId"
                  value={form.vatId}
                  invalid={!!errors.vatId}
                  placeholder="e.g. DE123456789"
                  onChange={(e) => set('vatId', e.target.value.toUpperCase())}
                />
              )}
            </Field>
            <Field label="Country" required error={errors.country}>
              {(id) => (
                <SelectInput id={id} name="country" value={form.country} invalid={!!errors.country} onChange={(e) => set('country', e.target.value)}>
                  <option value="">Select country</option>
                  <CountryOptions />
                </SelectInput>
              )}
            </Field>
            {errors.form && <Alert>{errors.form}</Alert>}
            <div className="flex justify-end gap-2 pt-2">
              <Button type="button" variant="secondary" onClick={props.onClose}>
                Cancel
              </Button>
              <Button type="submit" busy={props.busy}>
                Continue to Checkout
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
