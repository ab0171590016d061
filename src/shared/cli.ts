/**
 * The command-line client `renderlift` (src/cli, docs/cli.md): its exit codes, the files it keeps and the words it
 * prints. Messages take `{name}` placeholders, filled with `fill()`.
 */

/** What the process exits with; scripts branch on these (docs/cli.md lists them). */
export const CLI_EXIT = {
  ok: 0,
  /** Some files or jobs failed; the others were done. */
  someFailed: 1,
  /** A wrong command, option or argument. */
  usage: 2,
  /** No key, an unknown or revoked key, or a key without the scope the command needs. */
  auth: 3,
  /** The account has no credits left for the next job. */
  noCredits: 4,
  /** The server could not be reached. */
  unreachable: 5,
} as const;
export type CliExitCode = (typeof CLI_EXIT)[keyof typeof CLI_EXIT];

/** Images `enhance` and `watch` take (by extension; the server checks the content). */
export const CLI_IMAGE_EXTENSIONS = ['.png', '.jpg', '.jpeg', '.webp', '.tif', '.tiff'] as const;
/** The state file kept in the output folder: uploads and jobs already made, so a re-run never pays twice. */
export const CLI_STATE_FILE = '.renderlift';
/** A watched file is uploaded once its size has not changed for this long. */
export const CLI_WATCH_STABLE_MS = 2000;
/** How often a running job is looked at. */
export const CLI_POLL_MS = 1000;
/** Jobs at once before the server has told the plan's limit. */
export const CLI_DEFAULT_CONCURRENCY = 4;
/** Environment variables the client reads. */
export const CLI_ENV = { key: 'RENDERLIFT_API_KEY', server: 'RENDERLIFT_SERVER' } as const;

export const cliMessages = {
  usage: 'Usage: renderlift <login|logout|enhance|remove|jobs|watch> [options]. renderlift --help lists them.',
  unknownCommand: 'Unknown command "{command}". renderlift --help lists the commands.',
  missingArgument: '{command} needs {what}.',
  badOption: '{option}: {reason}',
  noKey: 'No API key: run renderlift login, or set RENDERLIFT_API_KEY.',
  noServer: 'No server: run renderlift login --server URL, or set RENDERLIFT_SERVER.',
  keyPrompt: 'API key (rl_live_…): ',
  loggedIn: 'Logged in to {server}; the key is kept in {file}.',
  loggedOut: 'Logged out; {file} removed.',
  notLoggedIn: 'Not logged in.',
  unreachable: 'Cannot reach {server}: {reason}',
  noImages: 'No PNG, JPEG, WebP or TIFF images in {paths}.',
  notFound: '{path} does not exist.',
  skipped: '{file}: already done ({output})',
  uploaded: '{file}: uploaded',
  started: '{file}: job {job} started',
  resumed: '{file}: job {job} picked up again',
  progress: '{file}: {progress} %',
  written: '{file}: written {output}',
  failed: '{file}: failed: {reason}',
  summary: '{done} done, {skipped} already done, {failed} failed',
  waitingForSlot: '{file}: waiting, {active} of {limit} jobs running on this plan',
  watching: 'Watching {dir}; results go to {out}. Ctrl+C stops.',
  jobFailed: 'The job ended {status}.',
  maskMissing: 'remove needs --mask <png>.',
} as const;
