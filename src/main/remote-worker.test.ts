import { describe, expect, it } from 'vitest';
import { remoteWorkerSettings } from './remote-worker.js';

describe('npm run start:worker -- --server … --token …', () => {
  it('reads --server and --token, or RENDERLIFT_SERVER and WORKER_TOKEN, and says what is missing', () => {
    expect(remoteWorkerSettings(['--server', 'https://s.example', '--token', 'rlw_x'], {})).toEqual({
      server: 'https://s.example',
      token: 'rlw_x',
      concurrency: 1,
    });
    expect(remoteWorkerSettings([], { RENDERLIFT_SERVER: 'https://s.example', WORKER_TOKEN: 'rlw_y', WORKERS: '2' })).toEqual({
      server: 'https://s.example',
      token: 'rlw_y',
      concurrency: 2,
    });
    expect(remoteWorkerSettings(['--server', 'https://s.example'], {})).toMatch(/needs the server's address and a worker token/);
    expect(remoteWorkerSettings(['--server', 'http://studio.lan', '--token', 'rlw_x'], {})).toMatch(/only sent over HTTPS/);
    expect(remoteWorkerSettings(['--server', 'https://s.example', '--token', 'rlw_x', '--concurrency', '0'], {})).toMatch(/--concurrency must be/);
    expect(remoteWorkerSettings(['--bogus'], {})).toMatch(/Unknown option/);
  });
});
