import { useMemo, useReducer, useRef } from 'react';
import { initialWorkspaceState, workspaceReducer, type WorkspaceState } from '@web/features/canvas-core/workspace-state';
import { planConcurrency } from '../lib/enhance-checks';
import { useBatchQueue } from './useBatchQueue';
import { useCardActions } from './useCardActions';
import { useEnhance } from './useEnhance';
import { useJobUpdates } from './useJobUpdates';
import { useLeaveWarning } from './useLeaveWarning';
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

  const jobs = useJobUpdates(core, refreshProfile);
  const uploads = useUploads(core);
  const { submit, enhanceSelected } = useEnhance(core, jobs);
  const { enhanceAll, stopBatch } = useBatchQueue(core, limit, submit);
  const actions = useCardActions(core, { pollJobs: jobs.pollJobs, forgetFile: uploads.forgetFile });
  const urls = useUrlRefresh(core);
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
    downloading: actions.downloading,
    urlRefresh: urls.urlRefresh,
    busy,
    uploadFiles: uploads.uploadFiles,
    retryUpload: uploads.retryUpload,
    enhanceSelected,
    enhanceAll,
    stopBatch,
    cancel: actions.cancel,
    remove: actions.remove,
    download: actions.download,
    imageFailed: urls.imageFailed,
    retryUrlRefresh: urls.retryUrlRefresh,
    useOriginalUrls: urls.useOriginalUrls,
    fixStuck,
    jobInterceptor: jobs.jobInterceptor,
  };
}

export type Workspace = ReturnType<typeof useWorkspace>;
