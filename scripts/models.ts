import { createEngine } from '@engine/index.js';
import { cliEngineConfig, formatDuration, progressBar } from '@engine/terminal-progress.js';

const config = cliEngineConfig();
const engine = createEngine(config);
const bar = progressBar('models');
const started = Date.now();
let count = 0;
try {
  await engine.ensureModels((done, total, name) => {
    count = total;
    bar.update(done / total, done < total ? `converting ${name}` : `${done}/${total}`);
  });
  bar.done();
  console.log(`${count} models ready in ${config.modelsDir} (${formatDuration(Date.now() - started)})`);
} finally {
  await engine.close();
}
