import { useCallback, useMemo, useReducer, useRef, useState } from 'react';
import type { JobDto } from '@web/features/canvas-core/types';
import { initialWorkspaceState, workspaceReducer, type WorkspaceState } from '@web/features/canvas-core/workspace-state';
import { planConcurrency } from '../lib/enhance-checks';
import { useBatchQueue } from './useBatchQueue';
import { useCardActions } from './useCardActions';
import { useDownloads } from './useDownloads';
import { useEnhance } from './useEnhance';
import { useJobUpdates } from './useJobUpdates';
import { useLeaveWarning } from './useLeaveWarning';
import { useResultRecovery } from './useResultRecovery';
import { useStuckJobs } from './useStuckJobs';
import { useUploads } from './useUploads';
import { useUrlRefresh } from './useUrlRefresh';
import { useWorkspaceProfile } from './useWorkspaceProfile';
import type { WorkspaceCore } from './workspace-core';

/**
 * The workspace: one reducer (canvas-core/workspace-state) and the hooks that act on it, each for one concern.
 * The order of the hooks is the order their effects run in.
 */
export function useWorkspace() {
  const [state, dispatch] = useReducer(workspaceReducer, initialWorkspaceState);
  const stateRef = useRef<WorkspaceState>(state);
  stateRef.current = state;
  const { user, profile, setCredits, refresh: refreshProfile } = useWorkspaceProfile();
  const profileRef = useRef(profile);
  profileRef.current = profile;
  const inFlight = useRef(new Set<string>());
  const jobRegisteredAt = useRef(new Map<string, number>());
  const core: WorkspaceCore = { state, stateRef, dispatch, profileRef, inFlight, jobRegisteredAt, setCredits };

  const limit = planConcurrency(profile?.subscription_status ?? null, profile?.beta_access ?? false);

  // the full-screen 'Enhancement Complete' overlay shows the last result of an enhancement started alone (not in Enhance all)
  const [completedKey, setCompletedKey] = useState<string | null>(null);
  const batchRef = useRef(state.batch);
  batchRef.current = state.batch;
  const recoveryRef = useRef<ReturnType<typeof useResultRecovery> | null>(null);
  const onCompleted = useCallback((key: string, job: JobDto) => {
    if (job.processed_image_url) void recoveryRef.current?.checkResult(key, job.preview_url ?? job.processed_image_url);
    if (!batchRef.current?.keys.includes(key)) setCompletedKey(key);
  }, []);

  const jobs = useJobUpdates(core, refreshProfile, onCompleted);
  const uploads = useUploads(core);
  const { submit, enhanceSelected } = useEnhance(core, jobs);
  const { enhanceAll, stopBatch } = useBatchQueue(core, limit, submit);
  const actions = useCardActions(core, { pollJobs: jobs.pollJobs, forgetFile: uploads.forgetFile });
  const downloads = useDownloads(core);
  const urls = useUrlRefresh(core);
  const recovery = useResultRecovery(urls.retryUrlRefresh);
  recoveryRef.current = recovery;
  const fixStuck = useStuckJobs(core, jobs.applyJob);
  const busy = useLeaveWarning(core);

  const selected = useMemo(() => state.images.find((i) => i.key === state.selectedKey) ?? null, [state.images, state.selectedKey]);

  return {
    state,
    dispatch,
    selected,
    user,
    profile,
    limit,
    live: jobs.live,
    upload: uploads.upload,
    downloading: downloads.downloading,
    archiveProgress: downloads.archiveProgress,
    downloadPrefs: downloads.prefs,
    urlRefresh: urls.urlRefresh,
    busy,
    uploadFiles: uploads.uploadFiles,
    retryUpload: uploads.retryUpload,
    enhanceSelected,
    enhanceAll,
    stopBatch,
    cancel: actions.cancel,
    remove: actions.remove,
    pendingDelete: actions.pendingDelete,
    confirmRemove: actions.confirmRemove,
    cancelRemove: actions.cancelRemove,
    download: downloads.download,
    imageFailed: urls.imageFailed,
    retryUrlRefresh: urls.retryUrlRefresh,
    useOriginalUrls: urls.useOriginalUrls,
    fixStuck,
    resultReloads: recovery.reloads,
    resultFailed: recovery.resultFailed,
    resultLoaded: recovery.resultLoaded,
    completed: completedKey ? (state.images.find((i) => i.key === completedKey && i.enhanced) ?? null) : null,
    closeCompleted: () => setCompletedKey(null),
    jobInterceptor: jobs.jobInterceptor,
  };
}

export type Workspace = ReturnType<typeof useWorkspace>;
