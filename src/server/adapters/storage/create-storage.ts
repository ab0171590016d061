import { ConfigError, type Config } from '@server/config.js';
import { LocalDiskStorage } from './local-disk.js';
import { S3Storage, parseStorageUrl } from './s3.js';
import type { Storage } from '@server/ports/storage.js';
import { FileUrlSigner } from './url-signer.js';

/** What keeps STORAGE_URL from being used, found before the server opens anything. */
export function storageConfigProblems(config: Config): ConfigError['issues'] {
  if (!config.STORAGE_URL?.startsWith('s3:')) return [];
  try {
    parseStorageUrl(config.STORAGE_URL);
    return [];
  } catch (err) {
    if (err instanceof ConfigError) return err.issues;
    throw err;
  }
}

/** Picks the storage adapter from the configuration: S3 when STORAGE_URL is s3://, else local disk. */
export function createStorage(config: Config, opts: { secret: string; now?: () => Date }): Storage {
  const signer = new FileUrlSigner(opts.secret, opts.now);
  if (config.STORAGE_URL?.startsWith('s3:')) {
    return new S3Storage({
      storageUrl: config.STORAGE_URL,
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      signer,
      now: opts.now,
    });
  }
  const root = config.STORAGE_URL?.startsWith('file:') ? new URL(config.STORAGE_URL).pathname : config.paths.storage;
  return new LocalDiskStorage(root, signer);
}
