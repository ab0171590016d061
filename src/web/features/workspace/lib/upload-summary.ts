/**
 * The toast after a batch of uploads (seed 001 §9: 'N images uploaded successfully, M failed', titled Upload
 * Complete, Upload Finished or Upload Failed), with the files left out for not being images named, so a picked
 * file never disappears without a word. Junk a folder brings along (.DS_Store, Thumbs.db) is not mentioned.
 */
import { toast } from 'sonner';
import { msg } from '@shared/messages';
import { isIgnoredUploadName } from '@shared/limits';

export interface UploadSummary {
  kind: 'success' | 'warning' | 'error';
  title: string;
  description: string;
}

/** Picked files neither sent nor junk: the user chose them and should hear they were skipped. */
export function skippedNames(picked: { name: string }[], sent: { name: string }[]): string[] {
  const chosen = new Set(sent);
  return picked
    .filter((f) => !chosen.has(f) && !isIgnoredUploadName(f.name) && !(f.name.split(/[\\/]/).pop() ?? f.name).startsWith('.'))
    .map((f) => f.name.split(/[\\/]/).pop() ?? f.name);
}

export function uploadSummary(ok: number, failed: number, skipped: string[]): UploadSummary | null {
  const counts = ok === 1 ? msg('uploadBatchResultOne', { failed }) : msg('uploadBatchResult', { ok, failed });
  const description = skipped.length > 0 ? `${counts}. ${msg('uploadSkipped', { names: skipped.join(', ') })}` : counts;
  if (ok === 0 && failed > 0) return { kind: 'error', title: msg('uploadFailedTitle'), description };
  if (failed > 0 || skipped.length > 0) return { kind: 'warning', title: msg('uploadFinishedTitle'), description };
  if (ok > 0) return { kind: 'success', title: msg('uploadCompleteTitle'), description };
  return null;
}

export function showUploadSummary(ok: number, failed: number, skipped: string[]): void {
  const s = uploadSummary(ok, failed, skipped);
  if (s) toast[s.kind](s.title, { description: s.description });
}
