import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import path from 'node:path';
import fs from 'node:fs';
import zlib from 'node:zlib';
import { layerAliases } from './aliases.js';

const pkg = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, 'package.json'), 'utf8')) as { version: string };
/** Each build is told apart by this id: the running app compares it with the server's version.json to notice a new deployment. */
const BUILD_ID = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/** Writes version.json beside index.html: what `GET /api/version` answers. */
const versionFile = (): Plugin => ({
  name: 'renderlift-version-file',
  apply: 'build',
  generateBundle() {
    this.emitFile({
      type: 'asset',
      fileName: 'version.json',
      source: JSON.stringify({ version: pkg.version, build: BUILD_ID, builtAt: new Date().toISOString() }),
    });
  },
});

/**
 * Writes brotli and gzip twins beside every text file of the build (`index-abc.js.br`, `.gz`): the server sends the
 * one the browser accepts, compressed once at build time instead of on every request.
 */
const precompress = (): Plugin => ({
  name: 'renderlift-precompress',
  apply: 'build',
  writeBundle(options, bundle) {
    for (const fileName of Object.keys(bundle)) {
      if (!/\.(js|mjs|css|html|json|svg|txt|webmanifest)$/.test(fileName)) continue;
      const file = path.join(options.dir!, fileName);
      const data = fs.readFileSync(file);
      if (data.length < 1024) continue;
      fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
    }
  },
});

const api = 'http://127.0.0.1:3000';
// the API server on its default port; `npm run dev` starts both
const proxy = {
  '/api': { target: api, changeOrigin: false },
  '/healthz': api,
  '/readyz': api,
  '/dev': api,
};

export default defineConfig({
  root: path.resolve(import.meta.dirname, 'src/web'),
  publicDir: path.resolve(import.meta.dirname, 'src/web/public'),
  plugins: [react(), tailwindcss(), versionFile(), precompress()],
  resolve: { alias: layerAliases },
  // the version Settings → General shows, and the build the update check compares
  define: { __APP_VERSION__: JSON.stringify(pkg.version), __APP_BUILD__: JSON.stringify(BUILD_ID) },
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/web'),
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    port: 5173,
    proxy,
  },
  preview: { proxy },
});
