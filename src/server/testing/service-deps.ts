import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config.js';
import { createLogger } from '../logger.js';
import type { Deps } from '../deps.js';
import { LocalDiskStorage } from '../adapters/storage/local-disk.js';
import { FileUrlSigner } from '../adapters/storage/url-signer.js';
import { createTestDatabase, type Backend, type TestDatabase } from './databases.js';

export type ServiceDeps = Pick<Deps, 'config' | 'database' | 'db' | 'storage' | 'logger' | 'clock'> & {
  /** Moves the clock the services see. */
  setNow(d: Date): void;
  storageRoot: string;
  dispose(): Promise<void>;
};

/**
 * What storage, upload and credit services need, for service tests: a fresh database on the backend, real
 * files in a temporary folder, a movable clock and the configuration with `env` applied.
 */
export async function createServiceDeps(backend: Backend, env: Record<string, string> = {}): Promise<ServiceDeps> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'renderlift-svc-'));
  let t: TestDatabase | undefined;
  try {
    t = await createTestDatabase(backend);
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env });
    let now: Date | undefined;
    const clock = () => now ?? new Date();
    const storage = new LocalDiskStorage(config.paths.storage, new FileUrlSigner('test-secret-'.repeat(4), clock));
    const testDb = t;
    return {
      config,
      database: t.database,
      db: t.database.db,
      storage,
      logger: createLogger('silent'),
      clock,
      setNow: (d) => (now = d),
      storageRoot: config.paths.storage,
      dispose: async () => {
        await testDb.dispose();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await t?.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
}

/** Every file under a folder, as paths relative to it. */
export function listFiles(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .sort();
}
