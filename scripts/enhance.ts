import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createEngine, EngineError, MODES, probeSize, SCALES, type Mode, type OutputFormat, type OutputSize, type Scale } from '@engine/index.js';
import { writeFileAtomic } from '@engine/atomic-file.js';
import { cliEngineConfig, formatDuration, progressBar } from '@engine/terminal-progress.js';
import { PAPER_SIZES, PRINT_DPIS, SCREEN_PRESETS, resolveTargetSize, targetSizeLabel, type TargetSize } from '@shared/target-size.js';

const usage =
  'usage: npm run enhance -- <in> [--scale 2|3|4|6 | --width px | --height px | --preset 4k|5k|8k | --print a3|a2|a1 [--dpi 150|300]]\n' +
  '                              [--mode precision|detail|creativity] [--model name] [-o out.png|.jpg|.webp]\n' +
  '  --width, --height, --preset and --print ask for an exact size: the smallest scale that reaches it runs, then a\n' +
  '  Lanczos3 downscale to exactly that size (a print size also writes its dpi, 300 by default, into the file)\n' +
  "  --model runs a registered model instead of the mode's own (e.g. an extra model in MODELS_DIR)\n" +
  "  -o picks the format by its extension; without it the output has the input's format";
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    scale: { type: 'string' },
    width: { type: 'string' },
    height: { type: 'string' },
    preset: { type: 'string' },
    print: { type: 'string' },
    dpi: { type: 'string', default: '300' },
    mode: { type: 'string', default: 'precision' },
    model: { type: 'string' },
    output: { type: 'string', short: 'o' },
  },
});
const fail = (message?: string): never => {
  if (message) console.error(message);
  console.error(usage);
  process.exit(2);
};

/** The exact size asked for on the command line, or null for a factor; exactly one of them. */
function targetFromArgs(): TargetSize | null {
  const side = (v: string) => (/^\d+$/.test(v) && Number(v) > 0 ? Number(v) : fail(`not a size in pixels: ${v}`));
  const asked: TargetSize[] = [];
  if (values.width !== undefined) asked.push({ kind: 'width', width: side(values.width) });
  if (values.height !== undefined) asked.push({ kind: 'height', height: side(values.height) });
  if (values.preset !== undefined) {
    const preset = values.preset.toLowerCase();
    if (!(preset in SCREEN_PRESETS)) fail(`unknown preset: ${values.preset}`);
    asked.push({ kind: 'screen', preset: preset as keyof typeof SCREEN_PRESETS });
  }
  if (values.print !== undefined) {
    const paper = values.print.toLowerCase();
    const dpi = Number(values.dpi);
    if (!(paper in PAPER_SIZES)) fail(`unknown print size: ${values.print}`);
    if (!(PRINT_DPIS as readonly number[]).includes(dpi)) fail(`unsupported dpi: ${values.dpi}`);
    asked.push({ kind: 'print', paper: paper as keyof typeof PAPER_SIZES, dpi: dpi as (typeof PRINT_DPIS)[number] });
  }
  if (asked.length + (values.scale !== undefined ? 1 : 0) > 1) fail('choose one of --scale, --width, --height, --preset and --print');
  return asked[0] ?? null;
}

const input = positionals[0];
const mode = values.mode as Mode;
const FORMATS: Record<string, OutputFormat> = { '.png': 'png', '.jpg': 'jpeg', '.jpeg': 'jpeg', '.webp': 'webp' };
const outputFormat = values.output ? FORMATS[path.extname(values.output).toLowerCase()] : undefined;
const target = targetFromArgs();
let scale = Number(values.scale ?? '4') as Scale;
if (!input || !existsSync(input) || !SCALES.includes(scale) || !MODES.includes(mode) || (values.output && !outputFormat)) fail();

let outputSize: OutputSize | undefined;
if (target) {
  const size = await probeSize(await readFile(input));
  const resolved = resolveTargetSize(size.width, size.height, target);
  if (!resolved.ok) {
    console.error(`${resolved.code}: ${resolved.message}`);
    process.exit(1);
  }
  const t = resolved.target;
  scale = t.scale;
  outputSize = { width: t.width, height: t.height, ...(t.dpi && { dpi: t.dpi }) };
  console.log(`${targetSizeLabel(target)}: ×${t.scale} (${t.run.width}x${t.run.height}) → ${t.width}x${t.height}${t.dpi ? ` at ${t.dpi} dpi` : ''}`);
}

const engine = createEngine(cliEngineConfig());
const controller = new AbortController();
process.once('SIGINT', () => controller.abort());
const bar = progressBar(`enhance ×${scale} ${mode}`);
const started = Date.now();
try {
  const result = await engine.enhance(
    input,
    { scale, mode, model: values.model, outputFormat, outputSize },
    {
      signal: controller.signal,
      onProgress: (p) => bar.update(p.fraction, `${p.tilesDone}/${p.tilesTotal} tiles${p.etaMs !== null ? `, ${formatDuration(p.etaMs)} left` : ''}`),
    },
  );
  bar.done();
  const ext = result.format === 'jpeg' ? '.jpg' : `.${result.format}`;
  const sizeTag = outputSize ? `${result.width}x${result.height}` : `x${scale}`;
  const out = values.output ?? path.join(path.dirname(input), `${path.parse(input).name}-${sizeTag}-${mode}${ext}`);
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
