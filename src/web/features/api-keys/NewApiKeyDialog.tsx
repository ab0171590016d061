import { toast } from 'sonner';
import { Copy } from 'lucide-react';
import { Button } from '@web/ui/button';
import { Modal } from '@web/ui/dialog';
import { PUBLIC_API_PREFIX, apiKeyMessages, type CreateApiKeyResponse } from '@shared/api/api-keys';

/** The key just made, shown this once with a copy button and a first call to try it with. */
export function NewApiKeyDialog({ created, onClose }: { created: CreateApiKeyResponse | null; onClose: () => void }) {
  const key = created?.key ?? '';
  const example = `curl -H "Authorization: Bearer ${key}" ${window.location.origin}${PUBLIC_API_PREFIX}/jobs`;
  const copy = (text: string) =>
    void navigator.clipboard?.writeText(text).then(
      () => toast.success('Copied'),
      () => toast.error('Copying failed: select the key and copy it yourself.'),
    );
  return (
    <Modal open={created !== null} onOpenChange={(open) => !open && onClose()} title={`Key ${created?.apiKey.name ?? ''}`} width={600} testId="api-key-created">
      <p className="text-sm text-zinc-300">{apiKeyMessages.created}</p>
      <div className="mt-3 flex items-center gap-2">
        <code className="min-w-0 flex-1 break-all rounded-lg bg-black/40 p-3 font-mono text-sm text-zinc-100" data-testid="api-key-secret">
          {key}
        </code>
        <Button variant="secondary" onClick={() => copy(key)} aria-label="Copy the key">
          <Copy className="size-4" aria-hidden /> Copy
        </Button>
      </div>
      <p className="mt-4 text-xs text-zinc-400">Try it:</p>
      <pre className="mt-1 overflow-x-auto whitespace-pre-wrap break-all rounded-lg bg-black/40 p-3 font-mono text-xs text-zinc-300">{example}</pre>
      <div className="mt-4 flex justify-end">
        <Button onClick={onClose}>Done</Button>
      </div>
    </Modal>
  );
}
