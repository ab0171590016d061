/**
 * The live event stream as a browser's EventSource holds it: when the connection ends it connects again after the
 * server's `retry` delay, sending the last event id it saw (`Last-Event-ID`) so that the server it reaches, whichever
 * instance, replays what was missed. Every message is kept with the time it arrived and the connection it came on.
 */
import { UPSTREAM_HEADER } from './round-robin-proxy.js';

export interface LiveMessage {
  id?: string;
  event: string;
  /** The parsed JSON of the data line(s). */
  data: any;
  receivedAt: number;
  /** Index into `connections`. */
  connection: number;
}

export interface LiveConnectionInfo {
  status: number;
  /** The API process the proxy sent it to. */
  upstream: string | null;
  lastEventId?: string;
}

export class LiveStreamClient {
  readonly messages: LiveMessage[] = [];
  readonly connections: LiveConnectionInfo[] = [];
  lastEventId?: string;
  private retryMs = 500;
  private abort = new AbortController();
  private stopped = false;

  /** `firstHeaders` go with the first connection only (e.g. to pin it to one instance). */
  constructor(
    private readonly url: string,
    private readonly headers: Record<string, string>,
    private readonly firstHeaders: Record<string, string> = {},
  ) {
    void this.run();
  }

  private async run() {
    while (!this.stopped) {
      try {
        await this.connectOnce();
      } catch {
        /* refused or cut off: connect again */
      }
      if (!this.stopped) await new Promise((r) => setTimeout(r, this.retryMs));
    }
  }

  private async connectOnce() {
    const headers: Record<string, string> = { accept: 'text/event-stream', ...this.headers };
    if (this.connections.length === 0) Object.assign(headers, this.firstHeaders);
    if (this.lastEventId) headers['last-event-id'] = this.lastEventId;
    const res = await fetch(this.url, { headers, signal: this.abort.signal });
    const connection = this.connections.push({ status: res.status, upstream: res.headers.get(UPSTREAM_HEADER), lastEventId: this.lastEventId }) - 1;
    if (res.status !== 200 || !res.body) {
      await res.body?.cancel();
      return;
    }
    const decoder = new TextDecoder();
    let buffer = '';
    const reader = res.body.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      buffer += decoder.decode(chunk.value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        this.dispatch(buffer.slice(0, end), connection);
        buffer = buffer.slice(end + 2);
      }
    }
  }

  private dispatch(block: string, connection: number) {
    let event = 'message';
    let id: string | undefined;
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
      else if (field === 'id') id = value;
      else if (field === 'retry' && /^\d+$/.test(value)) this.retryMs = Number(value);
    }
    if (data.length === 0) return;
    if (id) this.lastEventId = id;
    this.messages.push({ id, event, data: JSON.parse(data.join('\n')), receivedAt: Date.now(), connection });
  }

  /** The first message so far or to come that matches. */
  async waitFor(predicate: (m: LiveMessage) => boolean, timeoutMs = 60_000): Promise<LiveMessage> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.find(predicate);
      if (found) return found;
      if (Date.now() > until) throw new Error(`no matching live event within ${timeoutMs} ms (${this.messages.length} received)`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /** The job events received for one job, in order of arrival. */
  jobEvents(jobId: string): { status: string; progress: number; credit_state: string; connection: number }[] {
    return this.messages.filter((m) => m.event === 'job' && m.data?.data?.id === jobId).map((m) => ({ ...m.data.data, connection: m.connection }));
  }

  close() {
    this.stopped = true;
    this.abort.abort();
  }
}
