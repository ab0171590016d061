/**
 * npm run cli:types — writes src/cli/api-types.ts, the command-line client's types, from the public API's OpenAPI
 * document (/api/v1/openapi.json) as the server builds it. `npm run cli:types -- --from https://host` reads the
 * document of a running server instead.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { apiV1Route } from '@server/routes/api-v1.js';
import { buildPublicApiDocument } from '@server/http/public-openapi.js';
import { PUBLIC_API_PREFIX } from '@shared/api/api-keys.js';

export const CLI_TYPES_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src', 'cli', 'api-types.ts');

const HEADER = `/**
 * The public API's types (/api/v1/openapi.json), made by \`npm run cli:types\` with openapi-typescript: do not edit.
 * scripts/cli-types.test.ts fails when this file differs from what the server's document makes.
 */
`;

/** The public API's document, as the server serves it at /api/v1/openapi.json. */
export async function publicDocument(from?: string): Promise<object> {
  if (from) {
    const res = await fetch(new URL(`${PUBLIC_API_PREFIX}/openapi.json`, from));
    if (!res.ok) throw new Error(`${res.status} from ${res.url}`);
    return (await res.json()) as object;
  }
  return buildPublicApiDocument(apiV1Route, { title: 'Renderlift', version: '1', baseUrl: '/' }) as Promise<object>;
}

/** The TypeScript source the document makes. */
export async function cliTypesSource(doc: object): Promise<string> {
  const ast = await openapiTS(doc as Parameters<typeof openapiTS>[0], { alphabetize: true });
  return HEADER + astToString(ast);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const i = process.argv.indexOf('--from');
  const source = await cliTypesSource(await publicDocument(i > 0 ? process.argv[i + 1] : undefined));
  fs.writeFileSync(CLI_TYPES_FILE, source);
  console.log(`wrote ${path.relative(process.cwd(), CLI_TYPES_FILE)}`);
  process.exit(0);
}
