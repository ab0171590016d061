/**
 * What a command prints while it works: on a terminal one line per job plus an overall line, redrawn in place;
 * otherwise (a pipe, a log) plain lines as things happen; with --json nothing until the final document.
 */
export class Progress {
  private lines = new Map<string, string>();
  private drawn = 0;
  private overall = '';
  private timer: NodeJS.Timeout | undefined;
  readonly tty: boolean;

  constructor(
    private readonly json: boolean,
    private readonly stream: NodeJS.WriteStream = process.stderr,
  ) {
    this.tty = !json && Boolean(stream.isTTY);
    if (this.tty) this.timer = setInterval(() => this.draw(), 200).unref();
  }

  /** A job's line: on a terminal it replaces the job's previous one; `event` lines are printed plainly otherwise. */
  line(id: string, text: string, event = true): void {
    if (this.json) return;
    if (this.tty) this.lines.set(id, text);
    else if (event) this.stream.write(`${text}\n`);
  }

  total(text: string): void {
    this.overall = text;
  }

  private draw(): void {
    const rows = [...this.lines.values(), this.overall].filter(Boolean);
    if (this.drawn) this.stream.write(`\x1b[${this.drawn}A`);
    for (const row of rows) this.stream.write(`\x1b[2K${row}\n`);
    this.drawn = rows.length;
  }

  done(): void {
    if (this.timer) clearInterval(this.timer);
    if (this.tty) this.draw();
  }
}

export const bar = (progress: number, width = 20) => {
  const n = Math.round((Math.max(0, Math.min(100, progress)) / 100) * width);
  return `[${'#'.repeat(n)}${'-'.repeat(width - n)}] ${String(Math.round(progress)).padStart(3)} %`;
};
