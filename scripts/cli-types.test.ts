/** The CLI's committed API types are what the public API's current document makes (npm run cli:types rewrites them). */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CLI_TYPES_FILE, cliTypesSource, publicDocument } from './cli-types.js';

describe('the CLI types', () => {
  it('match the server’s /api/v1/openapi.json; run npm run cli:types when this fails', async () => {
    const fresh = await cliTypesSource(await publicDocument());
    expect(fresh).toContain('"/api/v1/jobs"');
    expect(fs.readFileSync(CLI_TYPES_FILE, 'utf8') === fresh, 'src/cli/api-types.ts is stale: run npm run cli:types').toBe(true);
  });
});
