import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@web/ui/button';
import { Field, TextInput } from '@web/ui/form';
import { Input } from '@web/ui/input';
import { msg } from '@shared/messages';
import { NAME_MAX, ProfileUpdate } from '@shared/profile';
import { ME_QUERY_KEY } from '../auth/session';
import { PROFILE_QUERY_KEY, profileApi, type ProfileDto } from './api';
import { Detail, SettingsCard } from './Card';

/** seed 000 §2 Personal Information: first and last name editable, e-mail read-only. */
export function PersonalInfoCard({ profile }: { profile: ProfileDto }) {
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [first, setFirst] = useState('');
  const [last, setLast] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ first_name?: string; last_name?: string }>({});

  const start = () => {
    setFirst(profile.first_name ?? '');
    setLast(profile.last_name ?? '');
    setErrors({});
    setEditing(true);
  };

  async function save(e: FormEvent) {
    e.preventDefault();
    const parsed = ProfileUpdate.safeParse({ first_name: first, last_name: last });
    if (!parsed.success) {
      const of = (field: string) => parsed.error.issues.find((i) => i.path[0] === field)?.message;
      return setErrors({ first_name: of('first_name'), last_name: of('last_name') });
    }
    setErrors({});
    setBusy(true);
    try {
      await profileApi.updateName(parsed.data);
      await Promise.all([client.invalidateQueries({ queryKey: PROFILE_QUERY_KEY }), client.invalidateQueries({ queryKey: ME_QUERY_KEY })]);
      toast.success(msg('profileUpdated'));
      setEditing(false);
    } catch {
      toast.error(msg('profileUpdateFailedRetry'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <SettingsCard
      title="Personal Information"
      testId="personal-info"
      action={
        !editing && (
          <Button variant="secondary" size="sm" onClick={start}>
            Edit Profile
          </Button>
        )
      }
    >
      {editing ? (
        <form onSubmit={save} className="space-y-4" noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="First name" required error={errors.first_name}>
              {(id) => (
                <TextInput
                  id={id}
                  autoComplete="given-name"
                  value={first}
                  maxLength={NAME_MAX}
                  invalid={!!errors.first_name}
                  onChange={(e) => setFirst(e.target.value)}
                />
              )}
            </Field>
            <Field label="Last name" required error={errors.last_name}>
              {(id) => (
                <TextInput
                  id={id}
                  autoComplete="family-name"
                  value={last}
                  maxLength={NAME_MAX}
                  invalid={!!errors.last_name}
                  onChange={(e) => setLast(e.target.value)}
                />
              )}
            </Field>
          </div>
          <Field label="Email" hint={undefined}>
            {(id) => (
              <>
                <Input id={id} value={profile.email} readOnly disabled aria-describedby={`${id}-note`} />
                <p id={`${id}-note`} className="text-xs text-zinc-500">
                  {msg('emailCannotChange')}
                </p>
              </>
            )}
          </Field>
          <div className="flex gap-3">
            <Button type="submit" busy={busy}>
              Save Changes
            </Button>
            <Button type="button" variant="secondary" onClick={() => setEditing(false)} disabled={busy}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <dl className="grid gap-4 sm:grid-cols-3">
          <Detail label="First name" value={profile.first_name} />
          <Detail label="Last name" value={profile.last_name} />
          <Detail label="Email" value={profile.email} hint={msg('emailCannotChange')} />
        </dl>
      )}
    </SettingsCard>
  );
}
