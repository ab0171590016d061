import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import path from 'node:path';
import fs from 'node:fs';

const pkg = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, 'package.json'), 'utf8')) as { version: string };

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
  plugins: [react(), tailwindcss()],
  // the version Settings → General shows
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
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
