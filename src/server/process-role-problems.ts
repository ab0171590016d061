import type { Config, ConfigError } from '@server/config.js';

/**
 * What separate API and worker processes (`npm run start:api`, `npm run start:worker`) cannot run without: a
 * database every process reaches, and files every process sees. A missing DATABASE_URL is the one problem named
 * then, since whether the files are shared matters only once the processes share a database.
 */
export function processRoleProblems(config: Config): ConfigError['issues'] {
  const role = config.PROCESS_ROLE;
  if (role === 'all') return [];
  if (!config.DATABASE_URL) {
    return [
      {
        variable: 'DATABASE_URL',
        message: `PROCESS_ROLE=${role} needs DATABASE_URL=postgres://…: the embedded database (PGlite) belongs to one process; run \`npm start\` for the API and a worker in one process`,
      },
    ];
  }
  if (config.STORAGE_URL?.startsWith('s3:') || config.STORAGE_SHARED) return [];
  const folder = config.STORAGE_URL ? new URL(config.STORAGE_URL).pathname : config.paths.storage;
  return [
    {
      variable: 'STORAGE_SHARED',
      message: `PROCESS_ROLE=${role} stores files on local disk (${folder}), and local files are seen by this machine only; point STORAGE_URL at S3, or set STORAGE_SHARED=true when ${folder} is a shared folder every process mounts`,
    },
  ];
}
