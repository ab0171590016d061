import { ConfigError, loadConfig } from './config.js';
import { DataDirLockedError } from './data-dir-lock.js';
import { createLogger } from './logger.js';
import { startServer } from './server.js';

let config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

const logger = createLogger(config.LOG_LEVEL);
try {
  const server = await startServer(config, { logger });
  let signals = 0;
  const shutdown = (signal: string) => {
    signals++;
    if (signals > 1) {
      logger.warn({ signal }, 'second signal, exiting now');
      process.exit(1);
    }
    logger.info({ signal }, 'signal received');
    server.close().then(
      () => process.exit(0),
      (err) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  const where = config.baseUrlFixed ? config.BASE_URL : `http://localhost:${server.port} (and at any address of this machine)`;
  console.log(`Renderlift is running on ${where}, listening on ${config.HOST} port ${server.port}`);
  if (!config.isProduction && !config.SMTP_URL) {
    console.log(`E-mail is not delivered: read it at http://localhost:${server.port}/dev/mailbox (on this machine only)`);
  }
} catch (err) {
  if (err instanceof DataDirLockedError) {
    console.error(err.message);
    process.exit(1);
  }
  logger.fatal({ err }, 'failed to start');
  process.exit(1);
}
