import { useState, type FormEvent } from 'react';
import { ApiError } from '@web/lib/api-client';
import { Button } from '@web/ui/button';
import { Field, TextInput } from '@web/ui/form';
import type { ApiKeyDto } from '@shared/api/api-keys';
import { CreateAccountWebhookEndpointRequest, type WebhookSecretResponse } from '@shared/api/webhooks';
import { WEBHOOK_EVENTS, WEBHOOK_EVENT_LABELS, webhookMessages, type WebhookEvent } from '@shared/webhooks';
import { webhooksApi } from './webhooks-api';

/** A new endpoint: its URL, the events it gets (all but progress to start with), and whose it is (the account or a key). */
export function CreateWebhookForm({ apiKeys, onCreated }: { apiKeys: ApiKeyDto[]; onCreated: (made: WebhookSecretResponse) => void }) {
  const initial = WEBHOOK_EVENTS.filter((e) => e !== 'job.progress');
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(initial);
  const [owner, setOwner] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const active = apiKeys.filter((k) => !k.revoked_at);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = CreateAccountWebhookEndpointRequest.safeParse({ url, events, api_key_id: owner || null });
    if (!parsed.success) return setError(parsed.error.issues[0].message);
    setBusy(true);
    try {
      onCreated(await webhooksApi.create(parsed.data));
      setUrl('');
      setEvents(initial);
    } catch (err) {
      setError(err instanceof ApiError && err.status > 0 ? err.message : webhookMessages.addFailed);
    } finally {
      setBusy(false);
    }
  }
  const toggle = (event: WebhookEvent, on: boolean) => {
    setEvents((s) => (on ? [...s, event] : s.filter((x) => x !== event)));
    setError(undefined);
  };

  return (
    <form className="mt-6 space-y-4" noValidate onSubmit={(e) => void submit(e)} data-testid="webhook-form">
      <h3 className="text-sm font-medium text-zinc-200">Add an endpoint</h3>
      <Field label="Endpoint URL" error={error}>
        {(id) => (
          <TextInput
            id={id}
            value={url}
            invalid={!!error}
            placeholder="https://farm.example.com/renderlift"
            onChange={(e) => (setUrl(e.target.value), setError(undefined))}
          />
        )}
      </Field>
      <fieldset>
        <legend className="text-sm text-zinc-300">Events</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {WEBHOOK_EVENTS.map((event) => (
            <label key={event} className="flex items-start gap-2 text-sm text-zinc-300">
              <input
                type="checkbox"
                className="mt-0.5 size-4 accent-violet-500"
                checked={events.includes(event)}
                onChange={(e) => toggle(event, e.target.checked)}
              />
              <span>
                <code className="text-zinc-100">{event}</code>
                <span className="block text-xs text-zinc-500">{WEBHOOK_EVENT_LABELS[event]}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {active.length > 0 && (
        <label className="block text-sm text-zinc-300">
          Belongs to
          <select
            className="mt-1 block w-full rounded-lg border border-white/10 bg-zinc-900 px-3 py-2 text-sm text-zinc-100"
            value={owner}
            onChange={(e) => setOwner(e.target.value)}
          >
            <option value="">This account</option>
            {active.map((k) => (
              <option key={k.id} value={k.id}>
                Key {k.name} ({k.prefix}…): stops when it is revoked
              </option>
            ))}
          </select>
        </label>
      )}
      <Button type="submit" variant="secondary" busy={busy}>
        Add endpoint
      </Button>
    </form>
  );
}
