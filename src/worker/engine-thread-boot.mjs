// Worker threads do not inherit the TypeScript loader; this plain module installs it, then runs the engine thread.
import { tsImport } from 'tsx/esm/api';

await tsImport('./engine-thread.ts', import.meta.url);
