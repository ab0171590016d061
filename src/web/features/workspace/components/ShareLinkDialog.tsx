/**
 * Share links of the image a card shows: files are private (signed URLs that last hours), so a public address exists
 * only when the owner makes one here, with an expiry, and stops working the moment it is revoked.
 */
import { useCallback, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Copy, Link2, Trash2 } from 'lucide-react';
import type { ShareLink } from '@shared/api/shares';
import { SHARE_EXPIRIES, SHARE_EXPIRY_LABELS, shareMessages, type ShareExpiry } from '@shared/share-links';
import { Modal } from '@web/ui/dialog';
import { Button } from '@web/ui/button';
import { formatDate } from '@web/lib/dates';
import { shareApi } from '../api/share-api';

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

async function copy(url: string) {
  try {
    await navigator.clipboard.writeText(url);
    toast.success(shareMessages.copied);
  } catch {
    toast.error('Copying failed. Select the link and copy it by hand.');
  }
}

export function ShareLinkDialog(props: { open: boolean; onOpenChange: (open: boolean) => void; imageId: string; subject: string }) {
  const { open, imageId } = props;
  const [links, setLinks] = useState<ShareLink[] | null>(null);
  const [expiry, setExpiry] = useState<ShareExpiry>('7d');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setLinks((await shareApi.list(imageId)).shares);
      setError(null);
    } catch (err) {
      setError(errorText(err));
    }
  }, [imageId]);

  useEffect(() => {
    if (open) void load();
    else setLinks(null);
  }, [open, load]);

  const create = async () => {
    setBusy(true);
    try {
      const { share } = await shareApi.create(imageId, expiry);
      setLinks((prev) => [share, ...(prev ?? [])]);
      setError(null);
      toast.success(shareMessages.created);
      await copy(share.url);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const revoke = async (id: string) => {
    try {
      await shareApi.revoke(id);
      setLinks((prev) => (prev ?? []).filter((l) => l.id !== id));
      toast.success(shareMessages.revoked);
    } catch (err) {
      setError(errorText(err));
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={props.onOpenChange}
      title="Share link"
      testId="share-dialog"
      width={520}
      description={
        <>
          Anyone with a link can open {props.subject} without signing in, until the link expires or you revoke it. Everything else in your workspace stays
          private.
        </>
      }
    >
      <div className="flex items-end gap-2">
        <label className="flex flex-1 flex-col gap-1 text-[13px] text-zinc-400">
          Expires after
          <select
            value={expiry}
            onChange={(e) => setExpiry(e.target.value as ShareExpiry)}
            className="h-10 rounded-lg border border-white/10 bg-white/5 px-3 text-sm text-zinc-100"
            data-testid="share-expiry"
          >
            {SHARE_EXPIRIES.map((e) => (
              <option key={e} value={e}>
                {SHARE_EXPIRY_LABELS[e]}
              </option>
            ))}
          </select>
        </label>
        <Button onClick={() => void create()} busy={busy} data-testid="share-create">
          <Link2 />
          Create link
        </Button>
      </div>
      {error && (
        <p role="alert" className="mt-3 text-sm text-red-300">
          {error}
        </p>
      )}
      <ul className="mt-4 space-y-2" aria-label="Open share links" data-testid="share-links">
        {links?.length === 0 && <li className="text-sm text-zinc-500">No open links.</li>}
        {links?.map((link) => (
          <li key={link.id} className="rounded-lg border border-white/10 bg-white/5 p-3">
            <input
              readOnly
              value={link.url}
              aria-label="Share link"
              onFocus={(e) => e.currentTarget.select()}
              className="w-full truncate bg-transparent font-mono text-[12.5px] text-zinc-200 outline-none"
            />
            <div className="mt-2 flex items-center justify-between gap-2 text-[12.5px] text-zinc-500">
              <span>{link.expiresAt ? `Expires ${formatDate(link.expiresAt, 'dateTime')}` : 'Never expires'}</span>
              <span className="flex gap-1">
                <Button size="sm" variant="secondary" onClick={() => void copy(link.url)}>
                  <Copy />
                  Copy
                </Button>
                <Button size="sm" variant="ghost" onClick={() => void revoke(link.id)} data-testid="share-revoke">
                  <Trash2 />
                  Revoke
                </Button>
              </span>
            </div>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
