import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { ConfigError, type Config } from './config.js';

/** What keeps the configured AUTH_SECRET from being used, found before the server opens anything. */
export function authSecretConfigProblems(config: Config): ConfigError['issues'] {
  if (config.AUTH_SECRET || !(config.DATABASE_URL && config.isProduction)) return [];
  return [{ variable: 'AUTH_SECRET', message: 'must be set when DATABASE_URL is used in production (every instance needs the same secret)' }];
}

/**
 * AUTH_SECRET signs cookies and URLs. When it is not configured the single-machine mode keeps a generated
 * one in DATA_DIR so sessions survive restarts; production with several API instances must set it.
 */
export function resolveAuthSecret(config: Config): string {
  if (config.AUTH_SECRET) return config.AUTH_SECRET;
  const problems = authSecretConfigProblems(config);
  if (problems.length) throw new ConfigError(problems);
  const file = path.join(config.paths.data, 'auth-secret');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    /* first start */
  }
  fs.mkdirSync(config.paths.data, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
