import { useState, type FormEvent } from 'react';
import { ApiError } from '@web/lib/api-client';
import { Button } from '@web/ui/button';
import { Field, TextInput } from '@web/ui/form';
import { API_KEY_SCOPES, API_KEY_SCOPE_LABELS, CreateApiKeyRequest, type ApiKeyScope, type CreateApiKeyResponse } from '@shared/api/api-keys';
import { apiKeysApi } from './api';

/** A new key: its name and the scopes it may use (every scope ticked to start with; untick what a script does not need). */
export function CreateApiKeyForm({ onCreated }: { onCreated: (created: CreateApiKeyResponse) => void }) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>([...API_KEY_SCOPES]);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = CreateApiKeyRequest.safeParse({ name, scopes });
    if (!parsed.success) return setError(parsed.error.issues[0].message);
    setBusy(true);
    try {
      onCreated(await apiKeysApi.create(parsed.data));
      setName('');
      setScopes([...API_KEY_SCOPES]);
    } catch (err) {
      setError(err instanceof ApiError && err.status > 0 ? err.message : 'Failed to create the API key. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  const toggle = (scope: ApiKeyScope, on: boolean) => {
    setScopes((s) => (on ? [...s, scope] : s.filter((x) => x !== scope)));
    setError(undefined);
  };
  return (
    <form className="mt-6 space-y-4" noValidate onSubmit={(e) => void submit(e)} data-testid="api-key-form">
      <h3 className="text-sm font-medium text-zinc-200">Create a key</h3>
      <Field label="Key name" error={error}>
        {(id) => (
          <TextInput
            id={id}
            value={name}
            invalid={!!error}
            placeholder="Render farm, Blender"
            onChange={(e) => (setName(e.target.value), setError(undefined))}
          />
        )}
      </Field>
      <fieldset>
        <legend className="text-sm text-zinc-300">Scopes</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {API_KEY_SCOPES.map((scope) => (
            <label key={scope} className="flex items-start gap-2 text-sm text-zinc-300">
              <input
                type="checkbox"
                className="mt-0.5 size-4 accent-violet-500"
                checked={scopes.includes(scope)}
                onChange={(e) => toggle(scope, e.target.checked)}
              />
              <span>
                <code className="text-zinc-100">{scope}</code>
                <span className="block text-xs text-zinc-500">{API_KEY_SCOPE_LABELS[scope]}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <Button type="submit" variant="secondary" busy={busy}>
        Create key
      </Button>
    </form>
  );
}
