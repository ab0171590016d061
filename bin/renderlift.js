#!/usr/bin/env node
// renderlift: the command-line client (src/cli/main.ts), run from its TypeScript sources through tsx.
import { URL, fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });
await import('../src/cli/main.ts');
