import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@web/lib/api-client';
import { Button } from '@web/ui/button';
import { Field, SelectInput, TextInput } from '@web/ui/form';
import { CountryOptions, displayCountry } from '@web/ui/country-options';
import { msg } from '@shared/messages';
import { BusinessProfileInput, PROFILE_BUSINESS_TYPES, PROFILE_INDUSTRIES } from '@shared/profile';
import type { BusinessProfile } from '@shared/api/profile';
import { ME_QUERY_KEY } from '../auth/session';
import { PROFILE_QUERY_KEY, profileApi, type ProfileDto } from './api';
import { Detail, SettingsCard } from './Card';

type Draft = { company_name: string; vat_id: string; country_code: string; business_type: string; industry: string };
type Errors = Partial<Record<keyof Draft, string>>;

/**
 * seed 000 §2 Business Information (only for business accounts) and §5: company name and country required, errors
 * clear on edit. A personal account becomes a business one from here.
 */
export function BusinessInfoCard({ profile, business }: { profile: ProfileDto; business: BusinessProfile | null }) {
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<Draft>({ company_name: '', vat_id: '', country_code: '', business_type: '', industry: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const start = () => {
    setDraft({
      company_name: business?.company_name ?? profile.company_name ?? '',
      vat_id: business?.vat_id ?? profile.vat_id ?? '',
      country_code: business?.country_code ?? '',
      business_type: business?.business_type ?? '',
      industry: business?.industry ?? '',
    });
    setErrors({});
    setEditing(true);
  };
  const set = (key: keyof Draft) => (e: { target: { value: string } }) => {
    setDraft((d) => ({ ...d, [key]: e.target.value }));
    setErrors((er) => ({ ...er, [key]: undefined }));
  };

  async function save(e: FormEvent) {
    e.preventDefault();
    const input = { ...draft, business_type: draft.business_type || null, industry: draft.industry || null, vat_id: draft.vat_id || undefined };
    const parsed = BusinessProfileInput.safeParse(input);
    if (!parsed.success) {
      const next: Errors = {};
      for (const i of parsed.error.issues) next[i.path[0] as keyof Draft] ??= i.message;
      return setErrors(next);
    }
    setBusy(true);
    try {
      await profileApi.saveBusiness(input as never);
      await Promise.all([client.invalidateQueries({ queryKey: PROFILE_QUERY_KEY }), client.invalidateQueries({ queryKey: ME_QUERY_KEY })]);
      toast.success(msg('businessUpdated'));
      setEditing(false);
    } catch (err) {
      const text = err instanceof ApiError && err.status === 400 ? err.message : msg('businessUpdateFailedRetry');
      toast.error(text);
    } finally {
      setBusy(false);
    }
  }

  if (!profile.is_business && !editing) {
    return (
      <SettingsCard title="Business Information" testId="business-info">
        <p className="text-sm text-zinc-400">Working for a studio or company? Add its details to get invoices in its name.</p>
        <Button variant="secondary" size="sm" className="mt-4" onClick={start}>
          Switch to a business account
        </Button>
      </SettingsCard>
    );
  }

  return (
    <SettingsCard
      title="Business Information"
      testId="business-info"
      action={
        !editing && (
          <Button variant="secondary" size="sm" onClick={start}>
            Edit Business Info
          </Button>
        )
      }
    >
      {editing ? (
        <form onSubmit={save} className="space-y-4" noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Company name" required error={errors.company_name}>
              {(id) => (
                <TextInput id={id} autoComplete="organization" value={draft.company_name} onChange={set('company_name')} invalid={!!errors.company_name} />
              )}
            </Field>
            <Field label="Country" required error={errors.country_code}>
              {(id) => (
                <SelectInput id={id} value={draft.country_code} onChange={set('country_code')} invalid={!!errors.country_code}>
                  <option value="">Select a country</option>
                  <CountryOptions />
                </SelectInput>
              )}
            </Field>
            <Field label="VAT ID" error={errors.vat_id}>
              {(id) => <TextInput id={id} value={draft.vat_id} onChange={set('vat_id')} invalid={!!errors.vat_id} placeholder="e.g. DE136695976" />}
            </Field>
            <Field label="Business type">
              {(id) => (
                <SelectInput id={id} value={draft.business_type} onChange={set('business_type')}>
                  <option value="">Not set</option>
                  {PROFILE_BUSINESS_TYPES.map((t) => (
                    <option key={t}>{t}</option>
                  ))}
                </SelectInput>
              )}
            </Field>
            <Field label="Industry">
              {(id) => (
                <SelectInput id={id} value={draft.industry} onChange={set('industry')}>
                  <option value="">Not set</option>
                  {PROFILE_INDUSTRIES.map((t) => (
                    <option key={t}>{t}</option>
                  ))}
                </SelectInput>
              )}
            </Field>
          </div>
          <div className="flex gap-3">
            <Button type="submit" busy={busy}>
              Save Business Info
            </Button>
            <Button type="button" variant="secondary" onClick={() => setEditing(false)} disabled={busy}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <dl className="grid gap-4 sm:grid-cols-3">
          <Detail label="Company name" value={business?.company_name ?? profile.company_name} />
          <Detail label="VAT ID" value={business?.vat_id ?? profile.vat_id} />
          <Detail label="Country" value={displayCountry(business?.country_code)} />
          <Detail label="Business type" value={business?.business_type} />
          <Detail label="Industry" value={business?.industry} />
        </dl>
      )}
    </SettingsCard>
  );
}
