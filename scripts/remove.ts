import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createEngine, EngineError } from '@engine/index.js';
import { writeFileAtomic } from '@engine/atomic-file.js';
import { cliEngineConfig, formatDuration, progressBar } from '@engine/terminal-progress.js';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { output: { type: 'string', short: 'o' } } });
const [input, mask] = positionals;
if (!input || !mask || !existsSync(input) || !existsSync(mask)) {
  console.error('usage: npm run remove -- <in> <mask.png> [-o out]');
  process.exit(2);
}
const engine = createEngine(cliEngineConfig());
const bar = progressBar('remove');
const started = Date.now();
try {
  const result = await engine.inpaint(input, mask, { onProgress: (p) => bar.update(p.fraction) });
  bar.done();
  const out = values.output ?? path.join(path.dirname(input), `${path.parse(input).name}-removed.png`);
  await writeFileAtomic(out, result.data);
  console.log(`${out}: ${result.width}x${result.height} ${result.format}, method ${result.method}, ${formatDuration(Date.now() - started)}`);
} catch (err) {
  bar.done();
  console.error(err instanceof EngineError ? `${err.code}: ${err.message}` : err);
  process.exitCode = 1;
} finally {
  await engine.close();
}
