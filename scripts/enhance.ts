import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createEngine, EngineError, MODES, SCALES, type Mode, type Scale } from '../src/engine/index.js';
import { cliEngineConfig, formatDuration, progressBar } from '../src/engine/terminal-progress.js';

const usage = 'usage: npm run enhance -- <in> [--scale 2|3|4|6] [--mode precision|detail|creativity] [-o out]';
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { scale: { type: 'string', default: '4' }, mode: { type: 'string', default: 'precision' }, output: { type: 'string', short: 'o' } },
});
const input = positionals[0];
const scale = Number(values.scale) as Scale;
const mode = values.mode as Mode;
if (!input || !existsSync(input) || !SCALES.includes(scale) || !MODES.includes(mode)) {
  console.error(usage);
  process.exit(2);
}

const engine = createEngine(cliEngineConfig());
const controller = new AbortController();
process.once('SIGINT', () => controller.abort());
const bar = progressBar(`enhance ×${scale} ${mode}`);
const started = Date.now();
try {
  const result = await engine.enhance(input, { scale, mode }, {
    signal: controller.signal,
    onProgress: (p) => bar.update(p.fraction, `${p.tilesDone}/${p.tilesTotal} tiles${p.etaMs !== null ? `, ${formatDuration(p.etaMs)} left` : ''}`),
  });
  bar.done();
  const ext = result.format === 'jpeg' ? '.jpg' : `.${result.format}`;
  const out = values.output ?? path.join(path.dirname(input), `${path.parse(input).name}-x${scale}-${mode}${ext}`);
  await writeFile(out, result.data);
  console.log(
    `${out}: ${result.width}x${result.height} ${result.format}, ${(result.data.length / 1e6).toFixed(1)} MB, model ${result.model}` +
      `${result.highResolution ? ', high-resolution' : ''}, ${formatDuration(Date.now() - started)}`,
  );
} catch (err) {
  bar.done();
  console.error(err instanceof EngineError ? `${err.code}: ${err.message}` : err);
  process.exitCode = 1;
} finally {
  await engine.close();
}
