import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin, twoFactor } from 'better-auth/plugins';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { Logger } from '../logger.js';
import { account, rateLimit, session, twoFactor as twoFactorTable, user, verification } from '../db/schema.js';
import { BACKUP_CODE_COUNT, MIN_PASSWORD_LENGTH, MAX_PASSWORD_LENGTH } from '@shared/accounts/schemas.js';
import { trustedOrigins } from '../http/public-origin.js';

/** Header the HTTP layer fills with the client address it resolved; anything a client sends under this name is dropped first. */
export const CLIENT_IP_HEADER = 'x-renderlift-client-ip';

export interface AuthOptions {
  config: Config;
  db: Db;
  logger: Logger;
  secret: string;
}

/**
 * better-auth owns passwords (scrypt), database sessions and their cookies, sign-in, sign-out, TOTP and the admin role.
 * Sign-up, e-mail verification and password reset codes are ours (services/accounts): the seed needs the profile in
 * the user's transaction, a 16-character code beside the link, and a 6-character reset code that works without the e-mail.
 */
export function createAuth(opts: AuthOptions) {
  const { config } = opts;
  const rule = (r: { max: number; window: number }) => ({ max: r.max, window: r.window });
  return betterAuth({
    appName: config.SITE_NAME,
    baseURL: config.BASE_URL,
    basePath: '/api/auth',
    secret: opts.secret,
    trustedOrigins: (request) => trustedOrigins(config, request),
    database: drizzleAdapter(opts.db, {
      provider: 'pg',
      schema: { user, session, account, verification, twoFactor: twoFactorTable, rateLimit },
    }),
    emailAndPassword: {
      enabled: true,
      // our sign-up creates the profile in the same transaction (services/accounts/sign-up.ts)
      disableSignUp: true,
      requireEmailVerification: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      revokeSessionsOnPasswordReset: true,
    },
    session: {
      expiresIn: config.SESSION_EXPIRES_SECONDS,
      // sliding refresh: a session used after this many seconds gets a new expiry
      updateAge: config.SESSION_UPDATE_AGE_SECONDS,
    },
    rateLimit: {
      // on in every mode: the seed's limits are product rules, and the database storage makes them hold across instances
      enabled: true,
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/*': rule(config.RATE_LIMIT_SIGN_IN),
        '/two-factor/verify-*': rule(config.RATE_LIMIT_TWO_FACTOR),
        '/request-password-reset': rule(config.RATE_LIMIT_PASSWORD_RESET),
        '/reset-password': rule(config.RATE_LIMIT_PASSWORD_RESET),
      },
    },
    advanced: {
      cookiePrefix: 'renderlift',
      useSecureCookies: config.isProduction,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: config.isProduction },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // better-auth turns these off under NODE_ENV=test; ours stay on so tests exercise what production runs
      disableOriginCheck: false,
      disableCSRFCheck: false,
    },
    plugins: [
      // codes of 10 letters and digits, shown as XXXXX-XXXXX; each works once (POST /api/auth/two-factor/verify-backup-code)
      twoFactor({ issuer: config.SITE_NAME, backupCodeOptions: { amount: BACKUP_CODE_COUNT, length: 10 } }),
      admin({ defaultRole: 'user', adminRoles: ['admin'] }),
    ],
    logger: {
      log: (level, message, ...args) => {
        const l = level === 'debug' ? 'debug' : level === 'info' ? 'info' : level === 'warn' ? 'warn' : 'error';
        opts.logger[l]({ args: args.length ? args : undefined, component: 'auth' }, message);
      },
    },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
