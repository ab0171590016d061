import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Camera, Trash2 } from 'lucide-react';
import { ApiError, apiRequest } from '@web/lib/api-client';
import { Button } from '@web/ui/button';
import { ME_QUERY_KEY } from '../auth/session';
import { PROFILE_QUERY_KEY } from './api';

/** The profile picture: the photo or the initials, with Change and Remove (seed 000 §2 shows an avatar upload; this one works). */
export function AvatarEditor({ url, initials }: { url: string | null; initials: string }) {
  const client = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<'upload' | 'remove' | null>(null);

  const refresh = () => Promise.all([client.invalidateQueries({ queryKey: PROFILE_QUERY_KEY }), client.invalidateQueries({ queryKey: ME_QUERY_KEY })]);

  async function upload(file: File) {
    setBusy('upload');
    try {
      const form = new FormData();
      form.append('avatar', file, file.name);
      const r = await apiRequest<{ message: string }>('PUT', '/api/profile/avatar', form);
      await refresh();
      toast.success(r.message);
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'Failed to update the profile picture. Please try again.');
    } finally {
      setBusy(null);
      if (input.current) input.current.value = '';
    }
  }

  async function remove() {
    setBusy('remove');
    try {
      const r = await apiRequest<{ message: string }>('DELETE', '/api/profile/avatar');
      await refresh();
      toast.success(r.message);
    } catch {
      toast.error('Failed to remove the profile picture. Please try again.');
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="flex flex-col items-center gap-2">
      {url ? (
        <img src={url} alt="Your profile picture" className="size-20 rounded-full object-cover ring-1 ring-white/10" data-testid="avatar-image" />
      ) : (
        <div aria-hidden className="flex size-20 items-center justify-center rounded-full bg-violet-600 text-2xl font-semibold text-white">
          {initials}
        </div>
      )}
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg,image/webp,image/gif,image/bmp"
        className="sr-only"
        aria-label="Profile picture file"
        onChange={(e) => e.target.files?.[0] && void upload(e.target.files[0])}
      />
      <div className="flex gap-1">
        <Button variant="secondary" size="sm" busy={busy === 'upload'} disabled={busy !== null} onClick={() => input.current?.click()}>
          <Camera aria-hidden /> {url ? 'Change' : 'Add photo'}
        </Button>
        {url && (
          <Button
            variant="secondary"
            size="sm"
            aria-label="Remove profile picture"
            busy={busy === 'remove'}
            disabled={busy !== null}
            onClick={() => void remove()}
          >
            <Trash2 aria-hidden />
          </Button>
        )}
      </div>
    </div>
  );
}
