/** Calls to the viewport sessions API (src/server/routes/viewports.ts). */
import type { ViewportData } from '@shared/viewports';
import type {
  ActiveViewportResponse,
  DeleteViewportResponse,
  ViewportConflictDetails,
  ViewportSessionDto,
  ViewportSessionResponse,
  ViewportSessionsResponse,
  ViewportSessionSummary,
} from '@shared/api/viewports';
import { ApiError, apiRequest } from '@web/lib/api-client';

export type SessionSummary = ViewportSessionSummary;
export type SessionDto = ViewportSessionDto;

const call = apiRequest;

const at = (id: string) => `/api/viewports/${encodeURIComponent(id)}`;

export const sessionsApi = {
  list: () => call<ViewportSessionsResponse>('GET', '/api/viewports').then((r) => r.sessions),
  active: () => call<ActiveViewportResponse>('GET', '/api/viewports/active').then((r) => r.session),
  create: (name: string, data: ViewportData) => call<ViewportSessionResponse>('POST', '/api/viewports', { name, viewport_data: data }).then((r) => r.session),
  /** Saves over a session, based on the version this window loaded or last saved (see `conflictOf`). */
  update: (id: string, data: ViewportData, baseVersion: number, name?: string) =>
    call<ViewportSessionResponse>('PUT', at(id), { viewport_data: data, base_version: baseVersion, ...(name ? { name } : {}) }).then((r) => r.session),
  load: (id: string) => call<ViewportSessionResponse>('POST', `${at(id)}/load`).then((r) => r.session),
  remove: (id: string) => call<DeleteViewportResponse>('DELETE', at(id)),
  /** 'Create New Viewport': a named, empty viewport becomes the active one. */
  createEmpty: (name: string) => call<ViewportSessionResponse>('POST', '/api/viewports/new', { name }).then((r) => r.session),
};

/**
 * The toast for a failed session call: the server's text is already the seed's wording; a lost connection or an
 * unexpected answer gets the fallback; a signed-out user the login message.
 */
export function sessionErrorText(err: unknown, fallback: string, signedOut: string): string {
  if (err instanceof ApiError) {
    if (err.status === 401) return signedOut;
    if (err.status === 0 || err.status >= 500) return fallback;
    return err.message;
  }
  return fallback;
}

export type SessionConflict = ViewportConflictDetails;

/** The session's current version and save time when a save was refused because it was saved elsewhere since; else null. */
export function conflictOf(err: unknown): SessionConflict | null {
  if (!(err instanceof ApiError) || err.status !== 409 || err.code !== 'SESSION_CONFLICT') return null;
  const d = err.details as Partial<SessionConflict> | undefined;
  return d && typeof d.current_version === 'number' && typeof d.updated_at === 'string' && typeof d.session_name === 'string'
    ? { current_version: d.current_version, updated_at: d.updated_at, session_name: d.session_name }
    : null;
}
