import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ModelStore } from '@engine/models/model-store.js';
import { INT8_RECIPES_DIR } from '@engine/models/registry.js';
import { BENCH_MODELS_DIR } from './common.js';
import { INT8_SHIPPED, readRecipe } from './int8.js';

/**
 * `npm run models:int8-recipes` reads the int8 recipes of the networks that keep their quality in int8 (bench (j))
 * on the renders, into `src/engine/models/int8/`. Run it again when the converter's graph changes (its version is in
 * each recipe, and a recipe of another version is refused). Names given on the command line read only those.
 */
const store = new ModelStore(BENCH_MODELS_DIR);
await mkdir(INT8_RECIPES_DIR, { recursive: true });
const asked = process.argv.slice(2);
for (const name of asked.length ? asked : INT8_SHIPPED) {
  if (!INT8_SHIPPED.includes(name)) throw new Error(`${name} is not a network measured to ship in int8 (INT8_SHIPPED)`);
  const recipe = await readRecipe(store, name);
  const file = path.join(INT8_RECIPES_DIR, `${name}.json`);
  await writeFile(file, `${JSON.stringify(recipe, null, 1)}\n`);
  console.log(
    `${name}: ${Object.keys(recipe.ranges).length} ranges, ${recipe.keepFloat.length} convolutions kept in float → ${path.relative(process.cwd(), file)}`,
  );
}
