import pino from 'pino';

export type Logger = pino.Logger;

/** Structured JSON logs on stdout; one line per event. */
export function createLogger(level: string, base: Record<string, unknown> = {}): Logger {
  return pino(
    {
      level,
      base: { service: 'renderlift', ...base },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.token'], remove: true },
    },
    // written as they are logged: with asynchronous writes a stopping worker's lines were seen on its pipe out of
    // order (one logged a millisecond earlier arriving after a later one), and the stop's log must read as it happened
    pino.destination({ dest: 1, sync: true }),
  );
}
