import fs from 'node:fs';
import path from 'node:path';

/** This release's version (package.json), as workers report it to the server they run for. */
export const APP_VERSION: string = (JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8')) as { version: string })
  .version;
