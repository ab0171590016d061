import { useCallback, useRef, useState } from 'react';
import type { ViewportData } from '@shared/viewports';
import type { ImageDto } from '@web/features/canvas-core/types';
import type { WorkspaceState } from '@web/features/canvas-core/workspace-state';
import { useViewportList, type ViewportEvent } from '../hooks';
import { isDirty } from '../lib/unsaved';
import { fingerprint, restoreWorkspace, toViewportData, unlistedImageIds, type SnapshotExtras } from '../lib/viewport-snapshot';
import { libraryApi } from '@web/features/library/api';

export interface SessionsHost {
  state: WorkspaceState;
  /** Replaces the workspace state through the workspace's reducer. */
  apply: (fn: (s: WorkspaceState) => WorkspaceState) => void;
  userId: string | null;
  /** Tool, brush and camera: held outside the workspace reducer. */
  extras: () => SnapshotExtras;
  applyExtras: (extras: { brushSize: number }) => void;
  /** The uploads the server has (GET /api/images), to match a saved viewport's images against. */
  listImages: () => Promise<{ images: ImageDto[] }>;
}

export interface CurrentSession {
  id: string;
  name: string;
  /** The version this window loaded or last saved: every update is based on it, so a newer save elsewhere is never overwritten. */
  version: number;
}

/** An event this window caused arrives on the live channel too; it is recognised for this long. */
const OWN_EVENT_WINDOW_MS = 15_000;

/**
 * What the session hooks share: the open session, the state it was saved at (the baseline of unsaved changes),
 * the arrival phase, and the window's own recent operations.
 */
export function useSessionCore(host: SessionsHost) {
  const hostRef = useRef(host);
  hostRef.current = host;

  const [current, setCurrent] = useState<CurrentSession | null>(null);
  const currentRef = useRef(current);
  currentRef.current = current;
  const [baseline, setBaseline] = useState<string | null>(null);
  const [phase, setPhase] = useState<'waiting' | 'restoring' | 'ready'>('waiting');
  const ownOps = useRef<{ action: string; id: string | null; until: number }[]>([]);

  const list = useViewportList(Boolean(host.userId));

  const snapshot = useCallback((): ViewportData => toViewportData(hostRef.current.state, hostRef.current.extras()), []);
  const fp = fingerprint(toViewportData(host.state, host.extras()));
  const savableCount = toViewportData(host.state, host.extras()).images.length;
  const dirty = phase === 'ready' && isDirty(baseline, fp, savableCount);

  const markOwn = (action: string, id: string | null) => {
    const now = Date.now();
    ownOps.current = [...ownOps.current.filter((o) => o.until > now), { action, id, until: now + OWN_EVENT_WINDOW_MS }];
  };
  const isOwn = (e: ViewportEvent) => {
    const now = Date.now();
    const i = ownOps.current.findIndex((o) => o.until > now && o.action === e.action && (o.id === null || o.id === e.id));
    if (i === -1) return false;
    ownOps.current.splice(i, 1);
    return true;
  };

  /** Puts a saved viewport on the canvas; returns the fingerprint it starts clean at. */
  const applyViewport = useCallback(async (data: ViewportData) => {
    const { images: listed } = await hostRef.current.listImages();
    const older = await Promise.all(unlistedImageIds(data, listed).map((id) => libraryApi.card(id).catch(() => null)));
    const images = [...listed, ...older.filter((card) => card !== null)];
    let result: ReturnType<typeof restoreWorkspace> | null = null;
    hostRef.current.apply((s) => {
      result = restoreWorkspace(s, data, images, Date.now());
      return result.state;
    });
    // the reducer runs the function at once for a dispatch outside rendering; compute again if it has not yet
    const restored = result ?? restoreWorkspace(hostRef.current.state, data, images, Date.now());
    hostRef.current.applyExtras({ brushSize: restored.brushSize });
    return { restored, baseline: fingerprint(toViewportData(restored.state, { ...hostRef.current.extras(), brushSize: restored.brushSize })) };
  }, []);

  return { host, hostRef, current, setCurrent, currentRef, setBaseline, phase, setPhase, list, snapshot, fp, dirty, markOwn, isOwn, applyViewport };
}

export type SessionCore = ReturnType<typeof useSessionCore>;
