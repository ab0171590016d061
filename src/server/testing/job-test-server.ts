import { createEngine, type Engine } from '@engine/index.js';
import { TEST_MODELS_DIR } from '@engine/test-models.js';
import type { Backend } from './databases.js';
import { startTestServer, type TestServer } from './test-server.js';

export interface JobTestServer {
  server: TestServer;
  /** The engine on the small test models, for the test to run jobs through `processImageJob` as a worker would. */
  engine: Engine;
  /** Closes the engine and stops the server. */
  stop: () => Promise<void>;
}

/** A test server without workers, so its jobs wait until the test runs them, and an engine to run them with. */
export async function startJobTestServer(backend?: Backend): Promise<JobTestServer> {
  const engine = createEngine({ modelsDir: TEST_MODELS_DIR, threads: 1, tileSize: 64 });
  const server = await startTestServer({ backend, env: { WORKERS: '0' } }).catch(async (err: unknown) => {
    await engine.close();
    throw err;
  });
  return {
    server,
    engine,
    stop: async () => {
      await engine.close();
      await server.stop();
    },
  };
}
