/**
 * `npm run start:worker`: a job worker. With `--server` (or RENDERLIFT_SERVER) it is a remote worker that joins a
 * server over HTTPS with a token; otherwise a worker process on the shared database (PROCESS_ROLE=worker).
 */
import { OWNER_ONLY_UMASK } from '@server/data-dir-access.js';

const argv = process.argv.slice(2);
if (argv.some((a) => a === '--server' || a.startsWith('--server=') || a === '--token') || process.env.RENDERLIFT_SERVER) {
  process.umask(OWNER_ONLY_UMASK);
  const { runRemoteWorker } = await import('./remote-worker.js');
  process.exit(await runRemoteWorker(argv, process.env));
} else {
  process.env.PROCESS_ROLE = 'worker';
  await import('./main.js');
}
