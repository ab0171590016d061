import { Modal } from '@web/ui/dialog';
import { Button } from '@web/ui/button';
import type { CampaignPreview } from './api';

const recipients = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'recipient' : 'recipients'}`;

/**
 * The last look before a batch goes out: who gets it (the count, and how many active users turned these e-mails
 * off) and the message as the first recipient will read it. Nothing is sent until the admin confirms.
 */
export function CampaignConfirmDialog({
  preview,
  title,
  busy,
  onConfirm,
  onCancel,
}: {
  preview: CampaignPreview | null;
  title: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal
      open={preview !== null}
      onOpenChange={(open) => !open && !busy && onCancel()}
      title={title}
      description={preview ? `This goes to ${recipients(preview.total)} (${preview.audience}).` : undefined}
      width={600}
      testId="campaign-confirm"
    >
      {preview && (
        <div className="space-y-4">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
            <dt className="text-zinc-500">Recipients</dt>
            <dd className="text-zinc-100" data-testid="campaign-confirm-count">
              {preview.total.toLocaleString('en-US')}
            </dd>
            {preview.optedOut > 0 && (
              <>
                <dt className="text-zinc-500">Left out</dt>
                <dd className="text-zinc-300">{preview.optedOut.toLocaleString('en-US')} turned email notifications off</dd>
              </>
            )}
            <dt className="text-zinc-500">Subject</dt>
            <dd className="min-w-0 break-words text-zinc-100" data-testid="campaign-confirm-subject">
              {preview.subject}
            </dd>
          </dl>
          <div>
            <p className="text-xs font-medium uppercase tracking-wide text-zinc-500">Message, as the first recipient gets it</p>
            <div
              className="mt-1.5 max-h-64 overflow-y-auto whitespace-pre-wrap break-words rounded-lg border border-white/10 bg-zinc-950/60 p-3 text-[13px] leading-relaxed text-zinc-300"
              data-testid="campaign-confirm-body"
              tabIndex={0}
            >
              {preview.text.trim()}
            </div>
          </div>
          <div className="flex flex-wrap justify-end gap-3">
            <Button variant="secondary" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
            <Button onClick={onConfirm} busy={busy} disabled={preview.total === 0}>
              Send to {recipients(preview.total)}
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}
