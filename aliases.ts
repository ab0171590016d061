import path from 'node:path';

/** The layer aliases (`@shared/…`, `@server/…`, …): the same map as tsconfig.json's `paths`, for Vite and Vitest. */
export const layerAliases = Object.fromEntries(
  ['shared', 'server', 'engine', 'worker', 'web', 'emails', 'main'].map((layer) => [`@${layer}`, path.resolve(import.meta.dirname, 'src', layer)]),
);
