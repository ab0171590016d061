import { Hono } from 'hono';
import type { AppEnv } from '../http/env.js';
import { validate } from '../http/validate.js';
import { requireUser, userOf } from '../http/require-user.js';
import { AppError } from '../errors.js';
import { fill, messages } from '@shared/messages.js';
import { storageMessages } from '@shared/storage-messages.js';
import { AVATAR_MAX_BYTES } from '@shared/limits.js';
import { MultipartRefused, spoolMultipartFiles } from '../http/multipart-files.js';
import { BusinessProfileInput, ProfileUpdate } from '@shared/profile.js';
import { PageQuery } from '@shared/pagination.js';
import { getProfile } from '../services/profiles/get-profile.js';
import { getBusinessProfile, saveBusinessProfile, updateProfileName } from '../services/profiles/update-profile.js';
import { creditLedgerCsv, creditLedgerPage, creditsSummary } from '../services/credits/credit-history.js';
import { getNotificationPreferences, setNotificationPreferences } from '../services/notifications/user-notifications.js';
import { listSessions } from '../services/accounts/list-sessions.js';
import { removeAvatar, setAvatar } from '../services/profiles/avatar.js';
import { getSessionFromHeaders } from '../auth/session-user.js';
import { unauthorized } from '../errors.js';
import { NotificationPreferencesInput, preferencesFailed, preferencesSaved } from '@shared/notifications.js';
import { contract, type RouteContract } from '../http/contract.js';
import {
  AvatarForm,
  AvatarResponse,
  BusinessUpdated,
  NotificationPreferencesResponse,
  NotificationPreferencesSaved,
  ProfileResponse,
  ProfileUpdated,
  SessionsResponse,
} from '@shared/api/profile.js';
import { CreditsSummary, LedgerPage } from '@shared/api/credits.js';

const doc = (tag: string, summary: string, responses: RouteContract['responses'], extra: Partial<RouteContract> = {}) =>
  contract({ summary, tag, access: 'user', responses, ...extra });

/** /api/profile: the signed-in user's own profile and business details (seed 001 §7.2); nobody else's is reachable. */
export const profileRoute = new Hono<AppEnv>()
  .use('*', requireUser())
  .get('/', doc('profile', 'The user’s profile and business details', { 200: ProfileResponse }), async (c) => {
    const id = userOf(c).id;
    const [profile, business] = await Promise.all([getProfile(c.var.deps, id), getBusinessProfile(c.var.deps, id)]);
    return c.json({ profile, business });
  })
  .patch('/', doc('profile', 'Change the user’s name', { 200: ProfileUpdated }), validate('json', ProfileUpdate), async (c) => {
    try {
      const profile = await updateProfileName(c.var.deps, userOf(c).id, c.req.valid('json'));
      return c.json({ profile, message: messages.profileUpdated });
    } catch (err) {
      if (err instanceof AppError) throw err;
      c.var.log.error({ err }, 'profile update failed');
      throw new AppError('PROFILE_UPDATE_FAILED', 500, messages.profileUpdateFailedRetry);
    }
  })
  .put('/business', doc('profile', 'Save the business details', { 200: BusinessUpdated }), validate('json', BusinessProfileInput), async (c) => {
    try {
      const business = await saveBusinessProfile(c.var.deps, userOf(c).id, c.req.valid('json'));
      return c.json({ business, message: messages.businessUpdated });
    } catch (err) {
      if (err instanceof AppError) throw err;
      c.var.log.error({ err }, 'business information update failed');
      throw new AppError('BUSINESS_UPDATE_FAILED', 500, messages.businessUpdateFailedRetry);
    }
  })
  // the profile picture: multipart field `avatar`, checked like an upload, stored as 256 × 256; the body is streamed,
  // bounded while it arrives (http/body-limit.ts)
  .put(
    '/avatar',
    doc('profile', 'Set the profile picture', { 200: AvatarResponse }, { body: { media: 'multipart/form-data', schema: AvatarForm } }),
    async (c) => {
      const deps = c.var.deps;
      const spooled = await spoolMultipartFiles(c.req.raw, {
        counts: () => true,
        maxFiles: 1,
        maxFileBytes: AVATAR_MAX_BYTES,
        tmpDir: deps.config.paths.tmp,
      }).catch((err: unknown) => {
        if (!(err instanceof MultipartRefused)) throw err;
        if (err.reason === 'too-many-files') throw new AppError('TOO_MANY_FILES', 400, storageMessages.tooManyFiles);
        throw new AppError('NO_FILE', 400, storageMessages.avatarMissing);
      });
      try {
        const file = spooled.files.find((f) => f.field === 'avatar');
        if (!file || file.size === 0) throw new AppError('NO_FILE', 400, storageMessages.avatarMissing);
        if (file.tooLarge) throw new AppError('FILE_TOO_LARGE', 413, fill(storageMessages.avatarTooLarge, { n: AVATAR_MAX_BYTES / 1024 / 1024 }));
        const url = await setAvatar(deps, userOf(c).id, await file.read());
        return c.json({ avatar_url: url, message: 'Profile picture updated' });
      } finally {
        spooled.cleanup();
      }
    },
  )
  .delete('/avatar', doc('profile', 'Remove the profile picture', { 200: AvatarResponse }), async (c) => {
    await removeAvatar(c.var.deps, userOf(c).id);
    return c.json({ avatar_url: null, message: 'Profile picture removed' });
  })
  // Settings → Notifications: kept on the server, honoured wherever an optional e-mail is sent
  .get('/notifications', doc('profile', 'The e-mails the user wants', { 200: NotificationPreferencesResponse }), async (c) =>
    c.json({ preferences: await getNotificationPreferences(c.var.deps, userOf(c).id) }),
  )
  .put(
    '/notifications',
    doc('profile', 'Choose the e-mails the user wants', { 200: NotificationPreferencesSaved }),
    validate('json', NotificationPreferencesInput),
    async (c) => {
      try {
        const preferences = await setNotificationPreferences(c.var.deps, userOf(c).id, c.req.valid('json'));
        return c.json({ preferences, message: preferencesSaved });
      } catch (err) {
        if (err instanceof AppError) throw err;
        c.var.log.error({ err }, 'notification preferences not saved');
        throw new AppError('PREFERENCES_FAILED', 500, preferencesFailed);
      }
    },
  )
  // Settings → Sessions: signed-in devices and recent sign-ins; signing them out is POST /api/account/sign-out?scope=
  .get('/sessions', doc('profile', 'Signed-in devices and recent sign-ins', { 200: SessionsResponse }), async (c) => {
    const current = await getSessionFromHeaders(c.var.deps.auth, c.req.raw.headers);
    if (!current) throw unauthorized();
    return c.json(await listSessions(c.var.deps, current.user.id, current.sessionId));
  });

/** /api/credits: the Credits tab and the whole ledger (paginated, and as CSV). */
export const creditsRoute = new Hono<AppEnv>()
  .use('*', requireUser())
  .get('/', doc('credits', 'Balance, allowance, next reset and recent activity', { 200: CreditsSummary }), async (c) =>
    c.json(await creditsSummary(c.var.deps, userOf(c).id)),
  )
  .get('/ledger', doc('credits', 'One page of the credit ledger, newest first', { 200: LedgerPage }), validate('query', PageQuery), async (c) =>
    c.json(await creditLedgerPage(c.var.deps, userOf(c).id, c.req.valid('query').page)),
  )
  .get(
    '/ledger.csv',
    doc('credits', 'The whole credit ledger as CSV', { 200: { media: 'text/csv', description: 'The ledger, one row per change' } }),
    async (c) => {
      const csv = await creditLedgerCsv(c.var.deps, userOf(c).id);
      const day = c.var.deps.clock().toISOString().slice(0, 10);
      return c.body(csv, 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="renderlift-credits-${day}.csv"`,
        'Cache-Control': 'no-store',
      });
    },
  );
