import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ModelStore } from '@engine/models/model-store.js';
import { BENCH_MODELS_DIR } from './common.js';
import { benchQuality, benchSixStrategies } from './quality.js';
import { benchContactSheet, benchUpscayl } from './realesrgan.js';
import { benchRemoval, benchRemovalScale } from './removal.js';
import { benchRemovalTruth } from './removal-truth.js';
import { benchEnsembles } from './ensembles.js';
import { benchSpeed } from './speed.js';
import { benchUserWait } from './user-wait.js';
import { INT8_CANDIDATES, benchInt8 } from './int8.js';
import { benchModeMeasures } from './modes.js';

/**
 * `npm run bench:engine` prints (a) speed vs TF.js-wasm, (b) share of achievable FLOP/s, (c) quality
 * per mode and scale, (e) removal against Telea and the previous PatchMatch with contact sheets in
 * bench/out/, (f) removal time and memory at 4 and 16 MP, (g) Renderlift vs upscayl-bin on Real-ESRGAN, (h) the
 * modes' contact sheets in bench/out/ with a detail figure per mode (`-- --realesrgan`: (g) and (h) only), (i) the wait for a
 * 1 MP render ×2 and ×4 per mode (`-- --wait`: (i) only), (j) int8 against float per network (`-- --int8`: (j) only), (k) Precision mixed with a second network (`-- --ensembles`: (k) only), (m) the modes measured against the original with contact sheets at 100 % and 300 % (`-- --modes`: (m) only); `-- --removal` runs (e) and (f) only, `-- --removal-truth` (e′) the removal against ground truth only, `-- --64mp`
 * adds (d) the 64 MP memory run (minutes), `-- --six` the ×6 strategy comparison. Figures depend on
 * machine load: the load average is printed.
 */
const args = process.argv.slice(2);
console.log(
  `engine benchmark: ${os.cpus().length} × ${os.cpus()[0]?.model}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
if (args.includes('--removal-truth')) {
  await benchRemovalTruth();
  process.exit(0);
}
if (args.includes('--removal')) {
  await benchRemoval();
  await benchRemovalScale();
  console.log(
    `\nload average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  process.exit(0);
}
const store = new ModelStore(BENCH_MODELS_DIR);
await store.ensureAll();
if (args.includes('--realesrgan')) {
  await benchUpscayl();
  await benchContactSheet();
  console.log(
    `\nload average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  process.exit(0);
}
if (args.includes('--wait')) {
  await benchUserWait();
  process.exit(0);
}
if (args.includes('--ensembles')) {
  await benchEnsembles(store);
  process.exit(0);
}
if (args.includes('--modes')) {
  await benchModeMeasures();
  process.exit(0);
}
if (args.includes('--int8')) {
  await benchInt8(store, process.env.BENCH_INT8_MODELS?.split(',') ?? INT8_CANDIDATES);
  process.exit(0);
}
await benchSpeed(store);
await benchQuality();
await benchUserWait();
await benchInt8(store, INT8_CANDIDATES);
await benchEnsembles(store);
if (args.includes('--six')) await benchSixStrategies();
await benchUpscayl();
await benchContactSheet();
await benchModeMeasures();
await benchRemoval();
await benchRemovalScale();
if (args.includes('--64mp')) {
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'big-output.ts');
  spawnSync(process.execPath, ['--import', 'tsx', script], { stdio: 'inherit' });
}
console.log(
  `\nload average at the end: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
