import { CLI_EXIT, type CliExitCode } from '@shared/cli.js';

/** An error the command ends with: its message as the user reads it, and the exit code scripts branch on. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: CliExitCode,
    /** The API's stable problem code, when the server refused. */
    readonly code?: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export const usageError = (message: string) => new CliError(message, CLI_EXIT.usage, 'USAGE');
