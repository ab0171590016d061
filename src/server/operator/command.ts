import type { Config } from '../config.js';
import type { Database } from '../db/database.js';

/** What an operator command is given: the configuration, the open database, its arguments and where to print. */
export interface CommandContext {
  config: Config;
  database: Database;
  args: string[];
  out: (line: string) => void;
}

export interface Command {
  usage: string;
  description: string;
  /** Returns the process exit code. */
  run(ctx: CommandContext): Promise<number>;
}
