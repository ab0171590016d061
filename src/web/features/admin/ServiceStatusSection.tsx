import { useEffect, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@web/lib/api-client';
import { Button } from '@web/ui/button';
import { CheckboxInput, Field, SelectInput, TextArea } from '@web/ui/form';
import { msg } from '@shared/messages';
import { SERVICE_STATUS_TYPES, STATUS_MESSAGE_MAX, ServiceStatusInput } from '@shared/admin';
import type { ServiceStatus } from '@shared/api/admin';
import { SERVICE_STATUS_QUERY_KEY, useServiceStatus } from '../service-status/useServiceStatus';
import { adminApi } from './api';
import { AdminCard } from './AdminCard';

const TYPE_LABELS = { info: 'Info (dismissible)', warning: 'Warning', error: 'Error' } as const;

/** seed 000 §2: the service-status banner, shown above every page of every open browser as soon as it is saved. */
export function ServiceStatusSection() {
  const { data: current } = useServiceStatus();
  const client = useQueryClient();
  const [draft, setDraft] = useState<ServiceStatus>({ enabled: false, message: '', type: 'info' });
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (current) setDraft(current);
  }, [current]);

  async function save(e: FormEvent) {
    e.preventDefault();
    const parsed = ServiceStatusInput.safeParse(draft);
    if (!parsed.success) return setError(parsed.error.issues[0].message);
    setBusy(true);
    try {
      const { status } = await adminApi.setServiceStatus(parsed.data);
      client.setQueryData(SERVICE_STATUS_QUERY_KEY, status);
      toast.success(status.enabled ? 'Service status banner is live' : 'Service status banner is off');
    } catch (err) {
      const text = err instanceof ApiError && err.status === 400 ? err.message : msg('adminStatusFailed');
      setError(text);
      toast.error(msg('adminStatusFailed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AdminCard id="service-status" title="Service status banner" description="Shown above everything on every page, updated live in every open browser.">
      <form onSubmit={save} className="space-y-4" noValidate>
        <CheckboxInput label="Show the banner" checked={draft.enabled} onChange={(e) => setDraft((d) => ({ ...d, enabled: e.target.checked }))} />
        <Field label="Type">
          {(id) => (
            <SelectInput id={id} value={draft.type} onChange={(e) => setDraft((d) => ({ ...d, type: e.target.value as ServiceStatus['type'] }))}>
              {SERVICE_STATUS_TYPES.map((t) => (
                <option key={t} value={t}>
                  {TYPE_LABELS[t]}
                </option>
              ))}
            </SelectInput>
          )}
        </Field>
        <Field label="Message" required error={error}>
          {(id) => (
            <TextArea
              id={id}
              rows={2}
              maxLength={STATUS_MESSAGE_MAX}
              value={draft.message}
              invalid={!!error}
              onChange={(e) => {
                setDraft((d) => ({ ...d, message: e.target.value }));
                setError(undefined);
              }}
            />
          )}
        </Field>
        <Button type="submit" busy={busy}>
          Save Status
        </Button>
      </form>
    </AdminCard>
  );
}
