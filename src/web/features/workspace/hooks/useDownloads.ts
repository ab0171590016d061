import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import { msg } from '@shared/messages';
import type { WorkspaceImage } from '@web/features/canvas-core/workspace-state';
import {
  archiveDownloadUrl,
  fetchArchive,
  imageDownloadUrl,
  loadDownloadPrefs,
  saveBlob,
  saveDownloadPrefs,
  saveUrl,
  type ArchiveProgress,
  type DownloadFormat,
  type DownloadPrefs,
} from '../lib/download';
import { toastError, type WorkspaceCore } from './workspace-core';

/** The stored file a card shows: its current version (seed: saving or downloading requires an enhanced image). */
const shownFile = (image: WorkspaceImage | undefined) => image?.enhanced?.imageId ?? null;

/**
 * Downloads through the server, never a canvas: one card is a link to its file (the browser streams it to disk, so a
 * 64 MP result needs nothing of the page), several selected cards one zip read with progress. The last format and
 * options are remembered.
 */
export function useDownloads(core: WorkspaceCore) {
  const { stateRef } = core;
  const [prefs, setPrefsState] = useState<DownloadPrefs>(() => loadDownloadPrefs());
  const [archive, setArchive] = useState<ArchiveProgress | null>(null);

  const setPrefs = useCallback((next: DownloadPrefs) => {
    setPrefsState(next);
    saveDownloadPrefs(next);
  }, []);

  /** The cards a download takes: every selected one when several are, else the focused one. */
  const chosenKeys = useCallback((): string[] => {
    const s = stateRef.current;
    if (s.multiSelected.length > 0) return [...new Set([...s.multiSelected, ...(s.selectedKey ? [s.selectedKey] : [])])];
    return s.selectedKey ? [s.selectedKey] : [];
  }, [stateRef]);

  const downloadZip = useCallback(
    async (keys: string[], options: DownloadPrefs) => {
      const ids = keys.map((k) => shownFile(stateRef.current.images.find((i) => i.key === k))).filter((id): id is string => Boolean(id));
      if (ids.length === 0) {
        toastError(msg('downloadNoEnhanced'));
        return;
      }
      setArchive({ bytes: 0, files: ids.length });
      try {
        const { blob, fileName } = await fetchArchive(archiveDownloadUrl(ids, options), setArchive);
        saveBlob(blob, fileName);
      } catch (err) {
        toast.error(msg('downloadFailed'), { description: err instanceof Error ? err.message : undefined });
      } finally {
        setArchive(null);
      }
    },
    [stateRef],
  );

  /** `format` overrides the remembered one (and becomes it); `key` names one card, as the completion overlay does. */
  const download = useCallback(
    async (format?: DownloadFormat, key?: string, options?: DownloadPrefs) => {
      const chosen = { ...(options ?? prefs), ...(format ? { format } : {}) };
      if (format || options) setPrefs(chosen);
      const keys = key ? [key] : chosenKeys();
      if (keys.length > 1) return downloadZip(keys, chosen);
      const s = stateRef.current;
      const image = s.images.find((i) => i.key === keys[0]) ?? (s.images.filter((i) => i.enhanced).length === 1 ? s.images.find((i) => i.enhanced) : undefined);
      const id = shownFile(image);
      if (!id) {
        toastError(msg('downloadNoEnhanced'));
        return;
      }
      saveUrl(imageDownloadUrl(id, chosen));
    },
    [prefs, setPrefs, chosenKeys, downloadZip, stateRef],
  );

  return { prefs, download, archiveProgress: archive, downloading: archive !== null };
}
