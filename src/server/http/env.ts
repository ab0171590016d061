import type { Deps, SessionUser } from '../deps.js';
import type { Logger } from '../logger.js';

/** Hono context variables available to every route. */
export interface AppEnv {
  Variables: {
    deps: Deps;
    user: SessionUser | null;
    requestId: string;
    log: Logger;
  };
}
