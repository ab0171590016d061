import { describe, expect, it } from 'vitest';
import './zod-jitless';
import { globalConfig } from 'zod/v4/core';
import { z } from 'zod';

describe('zod under the CSP', () => {
  it('the global the web app sets is the one zod reads: no compiled parsers, no eval probe', () => {
    expect(globalConfig.jitless).toBe(true);
    // and parsing still works without them
    expect(z.object({ a: z.number() }).parse({ a: 1 })).toEqual({ a: 1 });
  });
});
