import path from 'node:path';

/** A one-line progress bar for operator commands; plain lines when stderr is not a terminal. */
export function progressBar(label: string, stream: NodeJS.WriteStream = process.stderr) {
  let lastLine = '';
  return {
    update(fraction: number, detail = '') {
      const width = 30;
      const filled = Math.round(Math.min(1, Math.max(0, fraction)) * width);
      const line = `${label} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${(fraction * 100).toFixed(0).padStart(3)}% ${detail}`;
      if (line === lastLine) return;
      lastLine = line;
      if (stream.isTTY) stream.write(`\r${line.padEnd(stream.columns ? stream.columns - 1 : 100)}`);
      else stream.write(`${line}\n`);
    },
    done() {
      if (stream.isTTY) stream.write('\n');
    },
  };
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  const s = ms / 1000;
  return s < 60 ? `${s.toFixed(1)} s` : `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;
}

/**
 * Where the CLIs keep converted models: DATA_DIR/models (DATA_DIR defaults to ./data), extras in MODELS_DIR;
 * ENGINE_THREADS and ENGINE_PROVIDER as for the server.
 */
export function cliEngineConfig() {
  const dataDir = process.env.DATA_DIR ?? path.resolve('data');
  return {
    modelsDir: path.join(dataDir, 'models'),
    extraModelsDir: process.env.MODELS_DIR,
    threads: process.env.ENGINE_THREADS ? Number(process.env.ENGINE_THREADS) : undefined,
    executionProvider: process.env.ENGINE_PROVIDER === 'cuda' ? ('cuda' as const) : ('cpu' as const),
  };
}
