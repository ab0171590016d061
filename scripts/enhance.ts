import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createEngine, EngineError, MODES, SCALES, type Mode, type OutputFormat, type Scale } from '@engine/index.js';
import { writeFileAtomic } from '@engine/atomic-file.js';
import { cliEngineConfig, formatDuration, progressBar } from '@engine/terminal-progress.js';

const usage =
  'usage: npm run enhance -- <in> [--scale 2|3|4|6] [--mode precision|detail|creativity] [--model name] [-o out.png|.jpg|.webp]\n' +
  "  --model runs a registered model instead of the mode's own (e.g. an extra model in MODELS_DIR)\n" +
  "  -o picks the format by its extension; without it the output has the input's format";
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    scale: { type: 'string', default: '4' },
    mode: { type: 'string', default: 'precision' },
    model: { type: 'string' },
    output: { type: 'string', short: 'o' },
  },
});
const input = positionals[0];
const scale = Number(values.scale) as Scale;
const mode = values.mode as Mode;
const FORMATS: Record<string, OutputFormat> = { '.png': 'png', '.jpg': 'jpeg', '.jpeg': 'jpeg', '.webp': 'webp' };
const outputFormat = values.output ? FORMATS[path.extname(values.output).toLowerCase()] : undefined;
if (!input || !existsSync(input) || !SCALES.includes(scale) || !MODES.includes(mode) || (values.output && !outputFormat)) {
  console.error(usage);
  process.exit(2);
}

const engine = createEngine(cliEngineConfig());
const controller = new AbortController();
process.once('SIGINT', () => controller.abort());
const bar = progressBar(`enhance ×${scale} ${mode}`);
const started = Date.now();
try {
  const result = await engine.enhance(
    input,
    { scale, mode, model: values.model, outputFormat },
    {
      signal: controller.signal,
      onProgress: (p) => bar.update(p.fraction, `${p.tilesDone}/${p.tilesTotal} tiles${p.etaMs !== null ? `, ${formatDuration(p.etaMs)} left` : ''}`),
    },
  );
  bar.done();
  const ext = result.format === 'jpeg' ? '.jpg' : `.${result.format}`;
  const out = values.output ?? path.join(path.dirname(input), `${path.parse(input).name}-x${scale}-${mode}${ext}`);
  // an interrupted run never leaves half a file under the name
  await writeFileAtomic(out, result.data);
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
