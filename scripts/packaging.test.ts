/**
 * The container files say what the rest of the project says. No image is built and nothing is pulled here, so this
 * reads the Dockerfile, compose.yaml and .env.example as text and holds them to the configuration the server reads,
 * the README's configuration table and commands, the Node versions CI runs, and the rolling-upgrade rules of
 * docs/deploy.md.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';
import { ConfigSchema } from '@server/config.js';

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

const readme = read('README.md');
const deployDoc = read('docs/deploy.md');
const packageJson = JSON.parse(read('package.json')) as { engines: { node: string }; scripts: Record<string, string> };
const configVariables = new Set(Object.keys(ConfigSchema.shape));

/** The variables of the README's configuration table: its rows begin with the name in backticks. */
function readmeTableVariables(): Set<string> {
  const section = readme.slice(readme.indexOf('## Configuration'));
  const table = section.slice(0, section.indexOf('\n## ', 1));
  return new Set([...table.matchAll(/^\| `([A-Z0-9_]+)` \|/gm)].map((m) => m[1]));
}
const readmeVariables = readmeTableVariables();

interface ComposeService {
  image?: string;
  build?: unknown;
  environment?: Record<string, string | number | boolean | null>;
  volumes?: unknown[];
  healthcheck?: { test?: unknown; disable?: boolean };
  restart?: string;
  depends_on?: Record<string, { condition: string }>;
}
const composeText = read('compose.yaml');
const compose = parse(composeText, { merge: true }) as { services: Record<string, ComposeService> };
/** Services that run the image this repository builds. */
const appServices = Object.entries(compose.services).filter(([, s]) => s.build !== undefined || s.image?.includes('RENDERLIFT_IMAGE'));
/** `${NAME}`, `${NAME:-default}`, `${NAME:?message}`: what compose takes from .env (`$${…}` is a literal dollar). */
const interpolated = new Set([...composeText.matchAll(/(?<!\$)\$\{([A-Z0-9_]+)/g)].map((m) => m[1]));

const envExample = new Map(
  read('.env.example')
    .split('\n')
    .filter((line) => /^[A-Z0-9_]+=/.test(line))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)] as const),
);

interface Instruction {
  stage: number;
  keyword: string;
  args: string;
}
/** The Dockerfile's instructions, continuation lines joined and comments dropped, each with the stage it is in. */
function dockerfile(): Instruction[] {
  const logical = read('Dockerfile')
    .split('\n')
    .filter((line) => !/^\s*#/.test(line))
    .join('\n')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  let stage = -1;
  return logical.map((line) => {
    const [keyword, ...rest] = line.split(/\s+/);
    if (keyword.toUpperCase() === 'FROM') stage++;
    return { stage, keyword: keyword.toUpperCase(), args: rest.join(' ') };
  });
}
const instructions = dockerfile();
const lastStage = Math.max(...instructions.map((i) => i.stage));
/** The npm commands a RUN or CMD runs, without their flags: `npm ci`, `npm start`, `npm run <script>`. */
const npmCommands = (text: string) => [...text.matchAll(/\bnpm (ci|start|run [\w:-]+)/g)].map((m) => `npm ${m[1]}`);
/** ENV KEY=value pairs (several per instruction); the legacy `ENV KEY value` form is refused. */
function envOf(i: Instruction): Map<string, string> {
  const pairs = [...i.args.matchAll(/([A-Z0-9_]+)=("[^"]*"|\S+)/g)].map((m) => [m[1], m[2].replace(/^"|"$/g, '')] as const);
  expect(pairs.length, `ENV ${i.args}`).toBeGreaterThan(0);
  return new Map(pairs);
}

/** The Node versions .ci/run tests on. */
const ciVersions = (/^NODE_VERSIONS=\(([\d ]+)\)/m.exec(read('.ci/run'))?.[1] ?? '').split(' ').filter(Boolean).map(Number);

describe('compose.yaml and .env.example', () => {
  it('sets for the application only variables the server reads and the README documents', () => {
    expect(appServices.map(([name]) => name).sort()).toEqual(['api', 'worker']);
    for (const [name, service] of appServices) {
      const variables = Object.keys(service.environment ?? {});
      expect(variables.length, name).toBeGreaterThan(5);
      expect(
        variables.filter((v) => !configVariables.has(v)),
        `${name}: variables src/server/config.ts does not read`,
      ).toEqual([]);
      expect(
        variables.filter((v) => !readmeVariables.has(v)),
        `${name}: variables missing from the README's table`,
      ).toEqual([]);
    }
  });

  it('chooses each role by PROCESS_ROLE, on PostgreSQL and the S3 store', () => {
    const env = Object.fromEntries(appServices.map(([name, s]) => [name, s.environment ?? {}]));
    expect(env.api.PROCESS_ROLE).toBe('api');
    expect(env.worker.PROCESS_ROLE).toBe('worker');
    for (const e of Object.values(env)) {
      expect(String(e.DATABASE_URL)).toMatch(/^postgres:\/\/.+@postgres:5432\//);
      expect(String(e.STORAGE_URL)).toMatch(/^s3:\/\//);
      // the same secret everywhere: a session made by one API process is good on the others
      expect(e.AUTH_SECRET).toBe('${AUTH_SECRET:?set AUTH_SECRET in .env (openssl rand -hex 32)}');
    }
  });

  it('lists in .env.example every value compose takes from .env, and only those', () => {
    expect([...interpolated].filter((v) => !envExample.has(v))).toEqual([]);
    // a key compose never reads would do nothing when set
    expect([...envExample.keys()].filter((v) => !interpolated.has(v))).toEqual([]);
  });

  it('documents every .env.example key: the server’s in the README table, compose’s own in docs/deploy.md', () => {
    for (const key of envExample.keys()) {
      if (configVariables.has(key)) expect(readmeVariables.has(key), `${key} in the README's table`).toBe(true);
      else expect(deployDoc, `${key} in docs/deploy.md`).toContain(`\`${key}\``);
    }
  });

  it('gives every long-running service a health check and a volume, and waits for the one-shot steps', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      if (service.restart === 'no') {
        // a one-shot step: whoever depends on it waits for it to succeed
        const waiting = Object.values(compose.services).filter((s) => s.depends_on?.[name]);
        expect(waiting.length, `${name} is waited for`).toBeGreaterThan(0);
        for (const s of waiting) expect(s.depends_on?.[name].condition).toBe('service_completed_successfully');
        continue;
      }
      expect(service.healthcheck?.test, `${name} health check`).toBeDefined();
      expect(service.healthcheck?.disable, name).not.toBe(true);
      expect(service.volumes?.length, `${name} volumes`).toBeGreaterThan(0);
    }
    for (const [, service] of appServices) expect(JSON.stringify(service.healthcheck?.test)).toContain('/healthz');
  });
});

describe('Dockerfile', () => {
  const runsAndCmds = instructions.filter((i) => i.keyword === 'RUN' || i.keyword === 'CMD');
  const commands = runsAndCmds.flatMap((i) => npmCommands(i.args));

  it('runs the README’s commands, and only those', () => {
    expect(new Set(commands)).toEqual(new Set(['npm ci', 'npm run build:web', 'npm run models', 'npm start', 'npm run start:api', 'npm run start:worker']));
    for (const command of commands) {
      expect(readme, `README shows ${command}`).toMatch(new RegExp('`' + command.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + '[` ]'));
      const script = command === 'npm start' ? 'start' : command.replace(/^npm run /, '');
      if (command !== 'npm ci') expect(packageJson.scripts[script], command).toBeDefined();
    }
  });

  it('picks the role from PROCESS_ROLE in its command', () => {
    const cmd = instructions.filter((i) => i.keyword === 'CMD').at(-1)!;
    expect(cmd.stage).toBe(lastStage);
    expect(cmd.args).toMatch(/\$PROCESS_ROLE/);
    expect(cmd.args).toMatch(/api\).*npm run start:api.*worker\).*npm run start:worker.*\*\).*npm start/);
  });

  it('runs as an unprivileged user, checks /healthz, skips the CUDA download and sets only server variables', () => {
    const final = instructions.filter((i) => i.stage === lastStage);
    const user = final.filter((i) => i.keyword === 'USER').at(-1);
    expect(user?.args).toBeDefined();
    expect(user!.args).not.toMatch(/^(root|0)(:|$)/);
    expect(final.find((i) => i.keyword === 'HEALTHCHECK')?.args).toContain('/healthz');
    const installs = instructions.filter((i) => i.keyword === 'RUN' && /\bnpm ci\b/.test(i.args));
    expect(installs.length).toBeGreaterThan(0);
    for (const install of installs) {
      const env = instructions.filter((i) => i.keyword === 'ENV' && i.stage === install.stage).map(envOf);
      expect(
        env.some((e) => e.get('ONNXRUNTIME_NODE_INSTALL') === 'skip'),
        `stage ${install.stage}`,
      ).toBe(true);
    }
    const runtimeEnv = final.filter((i) => i.keyword === 'ENV').flatMap((i) => [...envOf(i).keys()]);
    expect(runtimeEnv.filter((v) => !configVariables.has(v) || !readmeVariables.has(v))).toEqual([]);
  });

  it('keeps the models converted at build time where the server looks for them', () => {
    const convert = instructions.find((i) => i.keyword === 'RUN' && i.args.includes('npm run models'))!;
    // `npm run models` writes DATA_DIR/models (src/engine/terminal-progress.ts); the server reads MODEL_CACHE_DIR
    const dataDir = /\bDATA_DIR=(\S+)/.exec(convert.args)?.[1];
    expect(dataDir).toBeDefined();
    const runtimeEnv = new Map(instructions.filter((i) => i.stage === lastStage && i.keyword === 'ENV').flatMap((i) => [...envOf(i)]));
    expect(runtimeEnv.get('MODEL_CACHE_DIR')).toBe(`${dataDir}/models`);
    const copy = instructions.find((i) => i.stage === lastStage && i.keyword === 'COPY' && i.args.includes(`${dataDir}/models`));
    expect(copy?.args).toMatch(/--chown=(?!root)/);
  });
});

describe('Node versions', () => {
  it('are the same in engines, the Dockerfile base, .ci/run and the README', () => {
    expect(ciVersions.length).toBeGreaterThanOrEqual(2);
    // pg-boss 12 declares Node >= 22.12
    expect(packageJson.engines.node).toBe('>=22.12');
    const minimumMajor = Number(/>=(\d+)/.exec(packageJson.engines.node)![1]);
    for (const v of ciVersions) expect(v).toBeGreaterThanOrEqual(minimumMajor);
    const arg = instructions.find((i) => i.keyword === 'ARG' && i.args.startsWith('NODE_VERSION='));
    const base = Number(arg?.args.split('=')[1]);
    expect(ciVersions).toContain(base);
    expect(instructions.find((i) => i.keyword === 'FROM')?.args).toMatch(/^node:\$\{NODE_VERSION\}-bookworm-slim\b/);
    const tested = `Node ${ciVersions.slice(0, -1).join(', ')} and ${ciVersions.at(-1)}`;
    expect(readme.includes(tested), `README says "${tested}"`).toBe(true);
  });
});

describe('rolling upgrades', () => {
  it('every queue payload ignores fields it does not know, so adjacent versions share the queues', async () => {
    const dir = path.join(root, 'src/server/queues');
    const files = fs.readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'define-queue.ts');
    const queues = [];
    for (const file of files) {
      const module = (await import(path.join(dir, file))) as Record<string, unknown>;
      for (const value of Object.values(module)) {
        if (value && typeof value === 'object' && 'name' in value && 'payload' in value) queues.push(value as { name: string; payload: z.ZodType });
      }
    }
    expect(queues.length).toBeGreaterThanOrEqual(files.length);
    for (const queue of queues) {
      // a strict object (z.strictObject, .strict()) would fail a newer sender's extra field on an older worker
      expect(queue.payload, queue.name).toBeInstanceOf(z.ZodObject);
      const catchall = (queue.payload as z.ZodObject).def.catchall;
      expect(catchall === undefined || !(catchall instanceof z.ZodNever), `${queue.name} refuses unknown fields`).toBe(true);
    }
  });
});
