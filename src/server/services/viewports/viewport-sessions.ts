import { and, desc, eq, sql } from 'drizzle-orm';
import type { Deps } from '@server/deps.js';
import type { Tx } from '@server/db/database.js';
import { viewportSessions } from '@server/db/schema.js';
import { AppError } from '@server/errors.js';
import { msg } from '@shared/messages.js';
import { sanitiseForLoad, sanitiseForSave, type ViewportData } from '@shared/viewports.js';
import type { ViewportSessionDto, ViewportSessionSummary } from '@shared/api/viewports.js';

export type { ViewportSessionDto, ViewportSessionSummary };

type Row = typeof viewportSessions.$inferSelect;
type SessionDeps = Pick<Deps, 'db' | 'events' | 'logger' | 'clock'>;

const summary = (row: Row): ViewportSessionSummary => ({
  id: row.id,
  session_name: row.sessionName,
  is_active: row.isActive,
  version: row.version,
  image_count: Array.isArray((row.viewportData as { images?: unknown[] }).images) ? (row.viewportData as { images: unknown[] }).images.length : 0,
  updated_at: row.updatedAt.toISOString(),
  created_at: row.createdAt.toISOString(),
});
const full = (row: Row): ViewportSessionDto => ({ ...summary(row), viewport_data: sanitiseForLoad(row.viewportData) });

const sessionNotFound = () => new AppError('SESSION_NOT_FOUND', 404, msg('sessionNotFound'));

function checked(data: unknown, now: Date): ViewportData {
  const result = sanitiseForSave(data);
  if (!result.ok) throw new AppError('INVALID_VIEWPORT', 400, result.message);
  return { ...result.data, lastSaved: now.toISOString() };
}

/** Open Viewport Manager windows and the profile panel follow every change over the live channel. */
async function announce(deps: SessionDeps, userId: string, action: string, id: string | null) {
  try {
    await deps.events.publish({ type: 'viewports', to: userId, data: { action, id } });
  } catch (err) {
    deps.logger.warn({ err }, 'could not publish viewport change');
  }
}

/** seed 001 §7.2: by updated_at, newest first. */
export async function listSessions(deps: Pick<Deps, 'db'>, userId: string): Promise<ViewportSessionSummary[]> {
  const rows = await deps.db.select().from(viewportSessions).where(eq(viewportSessions.userId, userId)).orderBy(desc(viewportSessions.updatedAt));
  return rows.map(summary);
}

export async function getActiveSession(deps: Pick<Deps, 'db'>, userId: string): Promise<ViewportSessionDto | null> {
  const [row] = await deps.db
    .select()
    .from(viewportSessions)
    .where(and(eq(viewportSessions.userId, userId), eq(viewportSessions.isActive, true)));
  return row ? full(row) : null;
}

const deactivateAll = (tx: Tx, userId: string) =>
  tx
    .update(viewportSessions)
    .set({ isActive: false })
    .where(and(eq(viewportSessions.userId, userId), eq(viewportSessions.isActive, true)));

/** Deactivates the user's sessions and inserts this one as the active one, in one transaction, then tells their windows. */
async function insertActive(deps: SessionDeps, userId: string, name: string, viewportData: ViewportData, now: Date): Promise<ViewportSessionDto> {
  const row = await deps.db.transaction(async (tx) => {
    await deactivateAll(tx, userId);
    const [inserted] = await tx
      .insert(viewportSessions)
      .values({ userId, sessionName: name, viewportData, isActive: true, createdAt: now, updatedAt: now })
      .returning();
    return inserted;
  });
  await announce(deps, userId, 'created', row.id);
  return full(row);
}

/** seed 000 §4: saving or creating deactivates all of the user's sessions and inserts a new active one, in one transaction. */
export async function createSession(deps: SessionDeps, userId: string, name: string, data: unknown): Promise<ViewportSessionDto> {
  const now = deps.clock();
  return insertActive(deps, userId, name, checked(data, now), now);
}

/**
 * 'Create New Viewport' (seed 001 §5: the Viewport Manager creates by name): a named, empty viewport becomes the
 * active one; the workspace windows follow and start empty under that name.
 */
export async function createEmptySession(deps: SessionDeps, userId: string, name: string): Promise<ViewportSessionDto> {
  const now = deps.clock();
  return insertActive(deps, userId, name, { images: [], currentMode: 'enhance', enhancementParams: {}, brushSize: 20, lastSaved: now.toISOString() }, now);
}

/**
 * seed 000 §4: updating changes viewport_data and updated_at (and the name, when one is given). The update is based on
 * the version the client loaded or last saved: one statement raises the version by one only where it still is that
 * version, so of two saves based on the same version exactly one lands (PostgreSQL re-checks the condition on the
 * row the first one changed). The other is refused with the session's current version and changes nothing.
 */
export async function updateSession(
  deps: SessionDeps,
  userId: string,
  id: string,
  data: unknown,
  baseVersion: number,
  name?: string,
): Promise<ViewportSessionDto> {
  const now = deps.clock();
  const viewportData = checked(data, now);
  const [row] = await deps.db
    .update(viewportSessions)
    .set({ viewportData, updatedAt: now, version: sql`${viewportSessions.version} + 1`, ...(name ? { sessionName: name } : {}) })
    .where(and(eq(viewportSessions.id, id), eq(viewportSessions.userId, userId), eq(viewportSessions.version, baseVersion)))
    .returning();
  if (!row) {
    const [current] = await deps.db
      .select({ version: viewportSessions.version, updatedAt: viewportSessions.updatedAt, sessionName: viewportSessions.sessionName })
      .from(viewportSessions)
      .where(and(eq(viewportSessions.id, id), eq(viewportSessions.userId, userId)));
    if (!current) throw sessionNotFound();
    throw new AppError('SESSION_CONFLICT', 409, msg('sessionConflict'), {
      current_version: current.version,
      updated_at: current.updatedAt.toISOString(),
      session_name: current.sessionName,
    });
  }
  await announce(deps, userId, 'updated', row.id);
  return full(row);
}

/** seed 000 §4: loading deactivates all and activates the chosen one. The active flag is no save: versions stay. */
export async function loadSession(deps: SessionDeps, userId: string, id: string): Promise<ViewportSessionDto> {
  const row = await deps.db.transaction(async (tx) => {
    const [target] = await tx
      .select()
      .from(viewportSessions)
      .where(and(eq(viewportSessions.id, id), eq(viewportSessions.userId, userId)));
    if (!target) throw sessionNotFound();
    await deactivateAll(tx, userId);
    const [activated] = await tx.update(viewportSessions).set({ isActive: true }).where(eq(viewportSessions.id, id)).returning();
    return activated;
  });
  await announce(deps, userId, 'loaded', row.id);
  return full(row);
}

/**
 * Deleting the current session leaves the user with no current session. A delete is a choice of a named session
 * from the list, not a save: it takes no version. A device still holding the session's work is answered 404 on
 * its next save and keeps that work to save as a new session.
 */
export async function deleteSession(deps: SessionDeps, userId: string, id: string): Promise<{ wasActive: boolean }> {
  const [row] = await deps.db
    .delete(viewportSessions)
    .where(and(eq(viewportSessions.id, id), eq(viewportSessions.userId, userId)))
    .returning();
  if (!row) throw sessionNotFound();
  await announce(deps, userId, 'deleted', row.id);
  return { wasActive: row.isActive };
}

/** Closes the current session without deleting it ('New viewport created - workspace cleared'). */
export async function clearActiveSession(deps: SessionDeps, userId: string): Promise<void> {
  await deps.db.transaction((tx) => deactivateAll(tx, userId));
  await announce(deps, userId, 'cleared', null);
}
