import { spawn, spawnSync } from 'node:child_process';
import net from 'node:net';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';

/** moto's S3 server (pip install "moto[server]") gives the S3 adapter a real S3 API to talk to in tests. */
export const hasMoto = spawnSync('moto_server', ['--help'], { stdio: 'ignore' }).status === 0;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

export interface Moto {
  endpoint: string;
  /** Environment that points the server's storage at a fresh bucket on this moto. */
  env(bucket: string): Record<string, string>;
  createBucket(bucket: string): Promise<void>;
  stop(): void;
}

export async function startMoto(): Promise<Moto> {
  const port = await freePort();
  const endpoint = `http://127.0.0.1:${port}`;
  const child = spawn('moto_server', ['-H', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
  for (let i = 0; ; i++) {
    if (
      await fetch(`${endpoint}/`).then(
        () => true,
        () => false,
      )
    )
      break;
    if (i > 150) {
      child.kill();
      throw new Error('moto_server did not start');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: { accessKeyId: 'test', secretAccessKey: 'test' } });
  return {
    endpoint,
    env: (bucket) => ({
      STORAGE_URL: `s3://${bucket}`,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'test',
      S3_SECRET_ACCESS_KEY: 'test',
      S3_FORCE_PATH_STYLE: 'true',
    }),
    createBucket: async (bucket) => {
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
    },
    stop: () => {
      client.destroy();
      child.kill();
    },
  };
}
