import type { Config } from '@server/config.js';
import { LocalDiskStorage } from './local-disk.js';
import { S3Storage } from './s3.js';
import type { Storage } from '@server/ports/storage.js';
import { FileUrlSigner } from './url-signer.js';

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
      publicUrl: config.S3_PUBLIC_URL,
      signer,
      now: opts.now,
    });
  }
  const root = config.STORAGE_URL?.startsWith('file:') ? new URL(config.STORAGE_URL).pathname : config.paths.storage;
  return new LocalDiskStorage(root, signer);
}
