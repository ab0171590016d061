/**
 * Operator commands: `npm run admin -- <command> [arguments]`.
 *
 *   make-admin <email>   give an existing account the admin role
 *   grant-plan <email> <basic|pro|business|enterprise> [--until YYYY-MM-DD]   complimentary plan and its credits
 *   grant-beta <email>   beta access and 2000 credits
 *
 * The commands live in src/server/operator/commands.ts. With DATABASE_URL they run on PostgreSQL directly; with the
 * embedded database they open it when no server runs, and otherwise go to the running server's operator socket.
 */
import fs from 'node:fs';
import { ConfigError, loadConfig } from '@server/config.js';
import { openDatabase } from '@server/db/database.js';
import { DataDirLockedError, lockDataDir } from '@server/data-dir-lock.js';
import { OWNER_ONLY_UMASK } from '@server/data-dir-access.js';
import { findCommand } from '@server/operator/commands.js';
import { operatorSocketPath, sendOperatorCommand } from '@server/operator/operator-socket.js';

/** Parses argv, reaches the database the server uses, runs one command. Returns the exit code. */
export async function main(argv: string[], env: Record<string, string | undefined> = process.env, out = (l: string) => console.log(l)): Promise<number> {
  const command = findCommand(argv[0], out);
  if (typeof command === 'number') return command;
  const config = loadConfig(env);
  let release = () => {};
  if (!config.DATABASE_URL) {
    try {
      release = lockDataDir(config.paths.data);
    } catch (err) {
      if (err instanceof DataDirLockedError && fs.existsSync(operatorSocketPath(config.paths.data))) {
        return sendOperatorCommand(config.paths.data, argv, out);
      }
      throw err;
    }
  }
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: config.paths.db, poolSize: 2 });
  try {
    await database.migrate();
    return await command.run({ config, database, args: argv.slice(1), out });
  } finally {
    await database.close();
    release();
  }
}

const invokedDirectly = process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href;
if (invokedDirectly) {
  // the embedded database and its folder may be created here, so with the server's owner-only umask (src/main/main.ts)
  process.umask(OWNER_ONLY_UMASK);
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err) => {
      if (err instanceof ConfigError || err instanceof DataDirLockedError) console.error(err.message);
      else console.error(err);
      process.exit(1);
    },
  );
}
