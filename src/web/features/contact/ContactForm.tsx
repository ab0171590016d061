import { useEffect, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { CheckCircle2 } from 'lucide-react';
import { ApiError, apiRequest } from '@web/lib/api-client';
import { Button } from '@web/ui/button';
import { Alert, Field, SelectInput, TextArea, TextInput } from '@web/ui/form';
import { msg } from '@shared/messages';
import { CONTACT_LIMITS, ContactRequest, INQUIRY_LABELS, INQUIRY_TYPES, contactSent, type InquiryType } from '@shared/contact';
import { useMe, type Me } from '../auth/session';

type Values = { name: string; email: string; inquiryType: InquiryType; subject: string; message: string };
const empty: Values = { name: '', email: '', inquiryType: 'general', subject: '', message: '' };

/** A signed-in sender's name and address, so they need not type what the account already knows. */
const senderOf = (me: Me | null | undefined): Pick<Values, 'name' | 'email'> => ({
  name: [me?.profile?.first_name, me?.profile?.last_name].filter(Boolean).join(' ').trim() || me?.user.name?.trim() || '',
  email: me?.user.email ?? '',
});

/**
 * The contact form (seed 000 §2, §5): every field but the inquiry type is required; the server checks the same schema.
 * Missing fields are marked, and one message says so (seed 001 §8); a field that is filled but wrong says why under it.
 */
export function ContactForm() {
  const { data: me } = useMe();
  const [values, setValues] = useState<Values>(empty);
  // a field present with '' is marked invalid without a message of its own (the form's one message covers it)
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const sender = senderOf(me);

  // prefilled once the account is known; what the visitor already typed stays
  useEffect(() => {
    if (!sender.email) return;
    setValues((v) => ({ ...v, name: v.name || sender.name, email: v.email || sender.email }));
  }, [sender.name, sender.email]);

  const set = (key: keyof Values) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [key]: e.target.value }));
    setErrors((er) => ({ ...er, [key]: undefined }));
    setFormError(null);
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = ContactRequest.safeParse(values);
    if (!parsed.success) {
      const next: typeof errors = {};
      let missing = false;
      for (const issue of parsed.error.issues) {
        const required = issue.message === msg('contactRequired');
        missing ||= required;
        next[issue.path[0] as keyof Values] ??= required ? '' : issue.message;
      }
      setErrors(next);
      // seed 001 §8: one message for the form when required fields are missing, not one under each of them
      setFormError(missing ? msg('contactRequired') : null);
      return;
    }
    setBusy(true);
    try {
      await apiRequest('POST', '/api/contact', parsed.data);
      toast.success(contactSent);
      setSentTo(parsed.data.email);
      setValues({ ...empty, ...sender });
    } catch (err) {
      const text =
        err instanceof ApiError && err.status > 0 && err.status < 500
          ? err.message
          : err instanceof ApiError && err.status === 0
            ? err.message
            : msg('contactFailed');
      // shown once, beside the button that was pressed (no toast repeating it)
      setFormError(text);
    } finally {
      setBusy(false);
    }
  }

  if (sentTo) {
    return (
      <div className="rounded-2xl border border-emerald-900/60 bg-emerald-950/30 p-8 text-center" data-testid="contact-sent">
        <CheckCircle2 className="mx-auto size-10 text-emerald-400" aria-hidden />
        <h2 className="mt-4 text-xl font-semibold text-white">Message sent</h2>
        <p className="mt-2 text-sm text-zinc-300">We sent a confirmation to {sentTo}. Replies usually arrive within 24 hours.</p>
        <Button variant="secondary" className="mt-6" onClick={() => setSentTo(null)}>
          Send another message
        </Button>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-5 rounded-2xl border border-white/10 bg-zinc-900/50 p-6 sm:p-8" aria-label="Contact form">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Name" required error={errors.name || undefined}>
          {(id) => (
            <TextInput
              id={id}
              autoComplete="name"
              value={values.name}
              onChange={set('name')}
              maxLength={CONTACT_LIMITS.name}
              invalid={errors.name !== undefined}
            />
          )}
        </Field>
        <Field label="Email" required error={errors.email || undefined}>
          {(id) => (
            <TextInput
              id={id}
              type="email"
              autoComplete="email"
              value={values.email}
              onChange={set('email')}
              maxLength={CONTACT_LIMITS.email}
              invalid={errors.email !== undefined}
            />
          )}
        </Field>
      </div>
      <Field label="Inquiry type">
        {(id) => (
          <SelectInput id={id} value={values.inquiryType} onChange={set('inquiryType')}>
            {INQUIRY_TYPES.map((t) => (
              <option key={t} value={t}>
                {INQUIRY_LABELS[t]}
              </option>
            ))}
          </SelectInput>
        )}
      </Field>
      <Field label="Subject" required error={errors.subject || undefined}>
        {(id) => (
          <TextInput id={id} value={values.subject} onChange={set('subject')} maxLength={CONTACT_LIMITS.subject} invalid={errors.subject !== undefined} />
        )}
      </Field>
      <Field label="Message" required error={errors.message || undefined}>
        {(id) => (
          <TextArea
            id={id}
            rows={6}
            value={values.message}
            onChange={set('message')}
            maxLength={CONTACT_LIMITS.message}
            invalid={errors.message !== undefined}
          />
        )}
      </Field>
      {formError && <Alert>{formError}</Alert>}
      <Button type="submit" busy={busy} className="w-full sm:w-auto">
        Send Message
      </Button>
    </form>
  );
}
