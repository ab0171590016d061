import { useCallback, useRef, useState } from 'react';
import { toast } from 'sonner';
import { msg } from '@shared/messages';
import { storageMessages } from '@shared/storage-messages';
import { workspaceApi } from '../api/workspace-api';
import { runInBatches, selectUploadable } from '../lib/upload-batches';
import { showUploadSummary, skippedNames } from '../lib/upload-summary';
import type { WorkspaceCore } from './workspace-core';

export interface UploadProgress {
  done: number;
  total: number;
}

let keySeq = 0;
const newKey = () => `local-${Date.now().toString(36)}-${(keySeq++).toString(36)}`;

/** Uploads: a card per file at once, files sent in batches with progress, a failed file retried alone. */
export function useUploads({ dispatch }: WorkspaceCore) {
  const [upload, setUpload] = useState<UploadProgress | null>(null);
  /** The picked files of cards whose upload has not succeeded, for a retry. */
  const files = useRef(new Map<string, File>());

  const sendOne = useCallback(
    async (key: string, file: File) => {
      const result = await workspaceApi.upload(file);
      if (result.status === 'accepted') {
        dispatch({ type: 'uploadSucceeded', key, upload: result });
        files.current.delete(key);
        return true;
      }
      if (result.status === 'ignored') {
        dispatch({ type: 'remove', key });
        files.current.delete(key);
        return null;
      }
      dispatch({ type: 'uploadFailed', key, error: result.error.message || msg('uploadFailed') });
      return false;
    },
    [dispatch],
  );

  const uploadFiles = useCallback(
    async (picked: File[]) => {
      const chosen = selectUploadable(picked);
      if (chosen.length === 0) {
        if (picked.length > 0) toast.error(msg('uploadFailedTitle'), { description: storageMessages.fileTypeMustBe });
        return;
      }
      const items = chosen.map((file) => ({ key: newKey(), file }));
      for (const { key, file } of items) files.current.set(key, file);
      dispatch({ type: 'uploadStarted', items: items.map(({ key, file }) => ({ key, name: file.name, localUrl: URL.createObjectURL(file) })) });
      let ok = 0;
      let failed = 0;
      await runInBatches(
        items,
        async ({ key, file }) => {
          const outcome = await sendOne(key, file);
          if (outcome === true) ok++;
          else if (outcome === false) failed++;
        },
        { onProgress: (p) => setUpload(p.done >= p.total ? null : p) },
      );
      setUpload(null);
      showUploadSummary(ok, failed, skippedNames(picked, chosen));
    },
    [sendOne, dispatch],
  );

  const retryUpload = useCallback(
    async (key: string) => {
      const file = files.current.get(key);
      if (!file) return;
      dispatch({ type: 'uploadRetry', key });
      const outcome = await sendOne(key, file);
      if (outcome === false) toast.error(msg('uploadFailedTitle'), { description: msg('uploadFailed') });
    },
    [sendOne, dispatch],
  );

  /** A removed card's file is no longer needed. */
  const forgetFile = useCallback((key: string) => void files.current.delete(key), []);

  return { upload, uploadFiles, retryUpload, forgetFile };
}
