import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { startTestServer, type TestServer } from './test-server.js';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface TestSmtpServer {
  /** `smtp://127.0.0.1:<port>`, for the server's SMTP_URL. */
  url: string;
  /** Every message received so far, in order. */
  received: ReceivedMail[];
  close: () => Promise<void>;
}

/** A real SMTP server on a random loopback port (no TLS, no authentication) that keeps every message it receives. */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const port = (smtp.server.address() as AddressInfo).port;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
}

/** A test server whose mail goes over SMTP to a fresh SMTP server that keeps it; `stop` stops both. */
export async function startServerMailingOverSmtp(): Promise<{ server: TestServer; smtp: TestSmtpServer; stop: () => Promise<void> }> {
  const smtp = await startSmtpServer();
  const server = await startTestServer({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Renderlift <no-reply@renderlift.test>' } }).catch(async (err: unknown) => {
    await smtp.close();
    throw err;
  });
  return {
    server,
    smtp,
    stop: async () => {
      await server.stop();
      await smtp.close();
    },
  };
}
