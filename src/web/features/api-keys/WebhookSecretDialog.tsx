import { toast } from 'sonner';
import { Copy } from 'lucide-react';
import { Button } from '@web/ui/button';
import { Modal } from '@web/ui/dialog';
import type { WebhookSecretResponse } from '@shared/api/webhooks';

/** An endpoint's signing secret, shown this once (after adding the endpoint or rotating its secret). */
export function WebhookSecretDialog({ shown, onClose }: { shown: WebhookSecretResponse | null; onClose: () => void }) {
  const secret = shown?.secret ?? '';
  const copy = () =>
    void navigator.clipboard?.writeText(secret).then(
      () => toast.success('Copied'),
      () => toast.error('Copying failed: select the secret and copy it yourself.'),
    );
  return (
    <Modal open={shown !== null} onOpenChange={(open) => !open && onClose()} title="Signing secret" width={600} testId="webhook-secret">
      <p className="text-sm text-zinc-300">{shown?.message}</p>
      <p className="mt-1 text-xs text-zinc-500 [overflow-wrap:anywhere]">{shown?.endpoint.url}</p>
      <div className="mt-3 flex items-center gap-2">
        <code className="min-w-0 flex-1 break-all rounded-lg bg-black/40 p-3 font-mono text-sm text-zinc-100" data-testid="webhook-secret-value">
          {secret}
        </code>
        <Button variant="secondary" onClick={copy} aria-label="Copy the secret">
          <Copy className="size-4" aria-hidden /> Copy
        </Button>
      </div>
      <p className="mt-4 text-xs text-zinc-400">
        Verify each request with it, e.g. <code className="text-zinc-300">new Webhook(secret).verify(body, headers)</code> from the{' '}
        <code className="text-zinc-300">standardwebhooks</code> package.
      </p>
      <div className="mt-4 flex justify-end">
        <Button onClick={onClose}>Done</Button>
      </div>
    </Modal>
  );
}
