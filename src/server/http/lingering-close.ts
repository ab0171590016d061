import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/** How long a connection answered before its request body was read keeps reading (and dropping) what still arrives. */
const LINGER_MS = 2_000;
/** …and at most how much of it, after which it is closed anyway. */
const LINGER_MAX_BYTES = 64 * 1024 * 1024;

/**
 * A refusal given before the request body is read (413 over a limit, too many files) closes the connection. Closed at
 * once, the bytes still arriving make the kernel answer them with a reset, and a client still sending meets the reset
 * before it reads the answer: it reports a broken connection instead of the message. So such a connection lingers:
 * the answer and the end of our side go out, what the client still sends is read and dropped until it stops (at most
 * LINGER_MS and LINGER_MAX_BYTES), and only then is the connection closed.
 */
export function lingerOnUnreadBodies(server: Server): void {
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    // runs after Node's own handler of the answer's end, which has asked the socket to close once its end is sent
    res.once('finish', () => {
      const socket = req.socket;
      if (req.complete || socket.destroyed || !socket.writableEnded) return;
      socket.removeListener('finish', socket.destroy);
      let read = 0;
      const close = () => {
        clearTimeout(timer);
        socket.destroy();
      };
      const timer = setTimeout(close, LINGER_MS);
      timer.unref();
      req.removeAllListeners('data');
      req.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > LINGER_MAX_BYTES) close();
      });
      req.on('error', () => {});
      req.once('end', close);
      socket.once('end', close);
      socket.once('close', () => clearTimeout(timer));
      req.resume();
    });
  });
}
