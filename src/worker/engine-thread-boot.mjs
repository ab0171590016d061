// The engine process starts from this plain module: it installs the TypeScript loader, then runs the engine. Requests
// that arrive while the engine's modules load are kept and handed over in order.
import { tsImport } from 'tsx/esm/api';

const early = [];
const keep = (message) => early.push(message);
process.on('message', keep);
globalThis.__engineEarlyMessages = () => {
  process.off('message', keep);
  return early.splice(0);
};

await tsImport('./engine-thread.ts', import.meta.url);
