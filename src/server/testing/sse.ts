/** A minimal Server-Sent Events reader over fetch, for tests that watch the realtime channel like a browser does. */
export interface SseMessage {
  id?: string;
  event: string;
  data: string;
}

export class SseReader {
  private buffer = '';
  private messages: SseMessage[] = [];
  private waiters: Array<() => void> = [];
  private done = false;
  comments = 0;

  private constructor(
    private readonly reader: ReadableStreamDefaultReader<Uint8Array>,
    private readonly abort: AbortController,
  ) {
    void this.pump();
  }

  static async open(url: string, headers: Record<string, string> = {}): Promise<SseReader & { status: number }> {
    const abort = new AbortController();
    const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: abort.signal });
    if (!res.body) throw new Error(`no body (status ${res.status})`);
    const r = new SseReader(res.body.getReader(), abort) as SseReader & { status: number };
    r.status = res.status;
    return r;
  }

  private async pump() {
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { value, done } = await this.reader.read();
        if (done) break;
        this.buffer += decoder.decode(value, { stream: true });
        let idx: number;
        while ((idx = this.buffer.indexOf('\n\n')) !== -1) {
          const block = this.buffer.slice(0, idx);
          this.buffer = this.buffer.slice(idx + 2);
          const msg: SseMessage = { event: 'message', data: '' };
          const data: string[] = [];
          let isComment = true;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) continue;
            isComment = false;
            const colon = line.indexOf(':');
            const field = colon === -1 ? line : line.slice(0, colon);
            const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
            if (field === 'event') msg.event = value;
            else if (field === 'data') data.push(value);
            else if (field === 'id') msg.id = value;
          }
          if (isComment) this.comments++;
          else {
            msg.data = data.join('\n');
            this.messages.push(msg);
          }
          this.waiters.splice(0).forEach((w) => w());
        }
      }
    } catch {
      /* aborted */
    } finally {
      this.done = true;
      this.waiters.splice(0).forEach((w) => w());
    }
  }

  get closed() {
    return this.done;
  }

  all() {
    return [...this.messages];
  }

  /** Resolves with the first message (already received or future) matching the predicate. */
  async next(predicate: (m: SseMessage) => boolean, timeoutMs = 5000): Promise<SseMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const idx = this.messages.findIndex(predicate);
      if (idx !== -1) return this.messages.splice(idx, 1)[0];
      if (this.done) throw new Error('stream closed before the expected event');
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new Error('timed out waiting for event');
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, remaining);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  /** Waits for the stream to end (e.g. server shutdown). */
  async ended(timeoutMs = 5000) {
    const deadline = Date.now() + timeoutMs;
    while (!this.done) {
      if (Date.now() > deadline) throw new Error('stream still open');
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  close() {
    this.abort.abort();
  }
}
