/**
 * Jobs at once: up to the plan's limit. The limit starts at a guess (or --concurrency) and takes the server's
 * figure as soon as a CONCURRENCY_LIMIT answer tells it.
 */
export class Slots {
  private active = 0;
  private waiting: (() => void)[] = [];

  constructor(public limit: number) {}

  async acquire(): Promise<void> {
    while (this.active >= this.limit) await new Promise<void>((r) => this.waiting.push(r));
    this.active++;
  }

  release(): void {
    this.active--;
    this.waiting.shift()?.();
  }

  /** The server's limit (a job started elsewhere, e.g. in the web app, is waited out by the caller's retry). */
  setLimit(limit: number): void {
    this.limit = Math.max(1, limit);
  }
}
