import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import type { Logger } from '../logger.js';
import { findCommand } from './commands.js';

/** The socket a running single-machine server takes operator commands on; access to DATA_DIR is the permission. */
export const operatorSocketPath = (dataDir: string) => path.join(dataDir, 'operator.sock');

interface Request {
  argv: string[];
}
type Reply = { out: string } | { exit: number };

/** Serves `npm run admin` while the server holds the embedded database. One JSON line in, JSON lines out. */
export async function startOperatorSocket(opts: { config: Config; database: Database; logger: Logger }): Promise<{ close(): Promise<void> }> {
  const file = operatorSocketPath(opts.config.paths.data);
  // the server holds the data-folder lock, so a socket file here is a leftover of a killed process
  fs.rmSync(file, { force: true });
  const server = net.createServer((socket) => {
    let buffer = '';
    const send = (reply: Reply) => socket.write(JSON.stringify(reply) + '\n');
    socket.on('data', async (chunk) => {
      buffer += chunk;
      const newline = buffer.indexOf('\n');
      if (newline === -1) return;
      socket.removeAllListeners('data');
      let exit = 1;
      try {
        const { argv } = JSON.parse(buffer.slice(0, newline)) as Request;
        const out = (line: string) => send({ out: line });
        const command = findCommand(argv[0], out);
        exit = typeof command === 'number' ? command : await command.run({ config: opts.config, database: opts.database, args: argv.slice(1), out });
        opts.logger.info({ command: argv[0], exit }, 'operator command');
      } catch (err) {
        opts.logger.error({ err }, 'operator command failed');
        send({ out: `Failed: ${(err as Error).message}` });
      }
      send({ exit });
      socket.end();
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(file, () => resolve());
  });
  fs.chmodSync(file, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        fs.rmSync(file, { force: true });
      }),
  };
}

/** The CLI side: sends the command to the running server and relays its output; resolves to the exit code. */
export function sendOperatorCommand(dataDir: string, argv: string[], out: (line: string) => void): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(operatorSocketPath(dataDir));
    let buffer = '';
    let exit: number | undefined;
    socket.on('connect', () => socket.write(JSON.stringify({ argv } satisfies Request) + '\n'));
    socket.on('data', (chunk) => {
      buffer += chunk;
      let newline: number;
      while ((newline = buffer.indexOf('\n')) !== -1) {
        const reply = JSON.parse(buffer.slice(0, newline)) as Reply;
        buffer = buffer.slice(newline + 1);
        if ('out' in reply) out(reply.out);
        else exit = reply.exit;
      }
    });
    socket.on('error', reject);
    socket.on('close', () => (exit === undefined ? reject(new Error('the server closed the operator connection without an answer')) : resolve(exit)));
  });
}
