import { Field, TextArea, TextInput } from '@web/ui/form';
import { DEFAULT_TARGET_DAYS } from '@shared/admin';

type AudienceKind = 'custom' | 'active';
export interface AudienceDraft {
  kind: AudienceKind;
  customEmails: string;
  targetDays: string;
}
export const emptyAudience: AudienceDraft = { kind: 'active', customEmails: '', targetDays: String(DEFAULT_TARGET_DAYS) };

export const toAudience = (a: AudienceDraft) =>
  a.kind === 'custom' ? { kind: 'custom' as const, customEmails: a.customEmails } : { kind: 'active' as const, targetDays: Number(a.targetDays) };

/** Recipients of a notification (seed 000 §5): all users active in the last N days, or a typed list. */
export function AudienceFields({ id, value, onChange, error }: { id: string; value: AudienceDraft; onChange: (a: AudienceDraft) => void; error?: string }) {
  const option = (kind: AudienceKind, label: string) => (
    <label className="flex items-center gap-2 text-sm text-zinc-300">
      <input
        type="radio"
        name={`${id}-audience`}
        value={kind}
        checked={value.kind === kind}
        onChange={() => onChange({ ...value, kind })}
        className="accent-violet-500"
      />
      {label}
    </label>
  );
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-zinc-200">Recipients</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {option('active', 'All active users')}
        {option('custom', 'Custom list')}
      </div>
      {value.kind === 'active' ? (
        <Field label="Active in the last (days, 1–365)" error={error}>
          {(fid) => (
            <TextInput
              id={fid}
              type="number"
              min={1}
              max={365}
              value={value.targetDays}
              invalid={!!error}
              onChange={(e) => onChange({ ...value, targetDays: e.target.value })}
              className="w-32"
            />
          )}
        </Field>
      ) : (
        <Field label="Email addresses (one per line, or separated by commas or semicolons)" error={error}>
          {(fid) => (
            <TextArea
              id={fid}
              rows={4}
              value={value.customEmails}
              invalid={!!error}
              onChange={(e) => onChange({ ...value, customEmails: e.target.value })}
              placeholder={'ana@studio.example\nleo@studio.example'}
            />
          )}
        </Field>
      )}
    </fieldset>
  );
}
