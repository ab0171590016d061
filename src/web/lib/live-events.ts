/**
 * One live connection per window for the app-wide listeners (the service-status banner): a listener subscribes to an
 * event type and is called with its `data`; the connection opens with the first listener and closes with the last.
 * It reconnects by itself (./live-connection.ts); `resync` listeners are told to refetch what they show when the
 * server asks for it and whenever the connection comes back after a failure.
 */
import { openLiveConnection, type LiveConnection } from './live-connection';

type Handler = (data: unknown) => void;

let connection: LiveConnection | null = null;
let subscribers = 0;
const resyncHandlers = new Set<Handler>();

export function subscribeLive(type: string, handler: Handler): () => void {
  connection ??= openLiveConnection({ onReconnect: () => [...resyncHandlers].forEach((h) => h(null)) });
  subscribers += 1;
  if (type === 'resync') resyncHandlers.add(handler);
  const off = connection.on(type, handler);
  let done = false;
  return () => {
    if (done) return;
    done = true;
    off();
    resyncHandlers.delete(handler);
    subscribers -= 1;
    if (subscribers === 0 && connection) {
      connection.close();
      connection = null;
    }
  };
}
