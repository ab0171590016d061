import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@web/lib/api-client';
import { Button } from '@web/ui/button';
import { Field, SelectInput, TextArea, TextInput } from '@web/ui/form';
import { msg } from '@shared/messages';
import {
  ApplicationAvailableInput,
  DEFAULT_CALL_TO_ACTION,
  DEFAULT_MAINTENANCE_ESTIMATE,
  MaintenanceNotificationInput,
  type NotificationKind,
} from '@shared/admin';
import { adminApi, type CampaignPreview } from './api';
import { AdminCard } from './AdminCard';
import { AudienceFields, emptyAudience, toAudience, type AudienceDraft } from './AudienceFields';
import { CampaignProgress } from './CampaignProgress';
import { CampaignConfirmDialog } from './CampaignConfirmDialog';
import { CAMPAIGNS_KEY } from './CampaignHistorySection';

const TEXT = {
  maintenance: {
    id: 'maintenance-email',
    title: 'Maintenance notification emails',
    description: 'Tell users about planned work or a disruption.',
    failed: 'adminMaintenanceFailed',
    confirm: 'Send this maintenance notice?',
  },
  'application-available': {
    id: 'available-email',
    title: 'Application available emails',
    description: 'Announce that the service is available (again), with a button into the workspace.',
    failed: 'adminAvailableFailed',
    confirm: 'Send this announcement?',
  },
} as const;

/** seed 001 §7.5 send-maintenance-notification and send-application-available: a test to yourself, or the batch. */
export function NotificationSection({ kind }: { kind: NotificationKind }) {
  const t = TEXT[kind];
  const [message, setMessage] = useState('');
  const [estimate, setEstimate] = useState(DEFAULT_MAINTENANCE_ESTIMATE);
  const [severity, setSeverity] = useState<'warning' | 'error'>('warning');
  const [cta, setCta] = useState(DEFAULT_CALL_TO_ACTION);
  const [audience, setAudience] = useState<AudienceDraft>(emptyAudience);
  const [errors, setErrors] = useState<{ message?: string; audience?: string }>({});
  const [busy, setBusy] = useState<'test' | 'all' | null>(null);
  const [campaignId, setCampaignId] = useState<string>();
  // a batch to recipients goes out only after the admin has seen its preview and confirmed it
  const [pending, setPending] = useState<{ input: object; preview: CampaignPreview } | null>(null);
  const client = useQueryClient();

  async function send(test: boolean, confirmed?: object) {
    const fields = kind === 'maintenance' ? { message, estimatedCompletionTime: estimate, severity } : { message, callToActionText: cta };
    const input = confirmed ?? { ...fields, audience: test ? { kind: 'test' as const } : toAudience(audience) };
    const parsed = (kind === 'maintenance' ? MaintenanceNotificationInput : ApplicationAvailableInput).safeParse(input);
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const i of parsed.error.issues) next[i.path[0] === 'audience' ? 'audience' : 'message'] ??= i.message;
      return setErrors(next);
    }
    setBusy(test ? 'test' : 'all');
    try {
      if (!test && !confirmed) {
        const preview = kind === 'maintenance' ? await adminApi.previewMaintenance(input as never) : await adminApi.previewApplicationAvailable(input as never);
        setPending({ input, preview });
        return;
      }
      const r = kind === 'maintenance' ? await adminApi.sendMaintenance(input as never) : await adminApi.sendApplicationAvailable(input as never);
      setPending(null);
      setCampaignId(r.campaignId);
      void client.invalidateQueries({ queryKey: CAMPAIGNS_KEY });
      toast.success(test ? 'Test email queued to you' : `Sending to ${r.total} ${r.total === 1 ? 'recipient' : 'recipients'}`);
    } catch (err) {
      const known = err instanceof ApiError && err.status === 400;
      const text = known ? err.message : msg(test ? 'adminTestEmailFailed' : t.failed);
      if (known && err.message.startsWith(msg('adminInvalidEmails'))) setErrors({ audience: err.message });
      setPending(null);
      toast.error(text);
    } finally {
      setBusy(null);
    }
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void send(false);
  };

  return (
    <AdminCard id={t.id} title={t.title} description={t.description}>
      <form onSubmit={submit} className="space-y-4" noValidate>
        <Field label="Message" required error={errors.message}>
          {(id) => (
            <TextArea
              id={id}
              rows={4}
              value={message}
              invalid={!!errors.message}
              onChange={(e) => {
                setMessage(e.target.value);
                setErrors((er) => ({ ...er, message: undefined }));
              }}
            />
          )}
        </Field>
        {kind === 'maintenance' ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Estimated completion">{(id) => <TextInput id={id} value={estimate} onChange={(e) => setEstimate(e.target.value)} />}</Field>
            <Field label="Severity">
              {(id) => (
                <SelectInput id={id} value={severity} onChange={(e) => setSeverity(e.target.value as 'warning' | 'error')}>
                  <option value="warning">Warning</option>
                  <option value="error">Error</option>
                </SelectInput>
              )}
            </Field>
          </div>
        ) : (
          <Field label="Call-to-action text">{(id) => <TextInput id={id} value={cta} maxLength={60} onChange={(e) => setCta(e.target.value)} />}</Field>
        )}
        <AudienceFields
          id={t.id}
          value={audience}
          error={errors.audience}
          onChange={(a) => {
            setAudience(a);
            setErrors((er) => ({ ...er, audience: undefined }));
          }}
        />
        <div className="flex flex-wrap gap-3">
          <Button type="button" variant="secondary" busy={busy === 'test'} disabled={busy !== null} onClick={() => void send(true)}>
            Send Test Email
          </Button>
          <Button type="submit" busy={busy === 'all'} disabled={busy !== null}>
            Send to Recipients
          </Button>
        </div>
        {campaignId && <CampaignProgress key={campaignId} campaignId={campaignId} />}
      </form>
      <CampaignConfirmDialog
        preview={pending?.preview ?? null}
        title={t.confirm}
        busy={busy === 'all'}
        onCancel={() => setPending(null)}
        onConfirm={() => pending && void send(false, pending.input)}
      />
    </AdminCard>
  );
}
