import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../atomic-file.js';
import { EngineError } from '../errors.js';
import { CONVERTER_VERSION, convertLayersModel } from './convert-to-onnx.js';
import { NCNN_CONVERTER_VERSION, convertNcnnModel, NETWORK_PARTS, type NetworkPart } from './convert-ncnn-to-onnx.js';
import { readNcnnModel } from './ncnn-model.js';
import { builtinModels, extraModels, findPackage, realesrganModels, type ModelSpec, type PackageLookup, type RealEsrganStatus } from './registry.js';
import { readLayersModel } from './tfjs-layers.js';
import { QUANTISER_VERSION, quantiseModel, type Int8Recipe } from './quantise.js';

interface Stamp {
  sha256: string;
  converterVersion: number;
  /** Set on an int8 model: the quantiser's version it was made with, and the checksum of its recipe. */
  quantiserVersion?: number;
  recipe?: string;
}

/** Which form of a network to load: its float conversion, or the int8 one where the network has a recipe. */
export interface LoadOptions {
  int8?: boolean;
  /** One part of a network that runs in two (`ModelSpec.split`); only the body has an int8 form. */
  part?: NetworkPart;
}

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * The part of a network its int8 recipe covers: the whole network, or the body of one that runs in parts (nearly all of
 * Real-ESRGAN x4plus's work is in its body; its head stays float).
 */
export const int8PartOf = (spec: ModelSpec): NetworkPart | undefined => (spec.split ? 'body' : undefined);

export const versionOf = (spec: ModelSpec) => (spec.source.kind === 'ncnn' ? NCNN_CONVERTER_VERSION : CONVERTER_VERSION);

/**
 * Converted models live in `modelsDir` as `name.onnx` plus `name.onnx.json` (checksum and converter
 * version). The stamp is written after the model, so a crash between the two only causes a
 * reconversion; a file whose checksum does not match its stamp is never loaded.
 */
export class ModelStore {
  private specs?: Promise<ModelSpec[]>;
  private converting = new Map<string, Promise<void>>();
  /** Checksums of the int8 recipes, read once: they ship with the code and do not change while it runs. */
  private recipeChecksums = new Map<string, Promise<string>>();

  private realesrgan?: { specs: ModelSpec[]; status: RealEsrganStatus };

  constructor(
    readonly modelsDir: string,
    readonly extraModelsDir?: string,
    /** Where npm packages are found; injectable so the optional Real-ESRGAN package can be taken away in tests. */
    private lookup: PackageLookup = findPackage,
  ) {}

  private optional() {
    this.realesrgan ??= realesrganModels(this.lookup);
    return this.realesrgan;
  }

  /** Whether Real-ESRGAN's weights are installed (the optional package), and why not. */
  realesrganStatus(): RealEsrganStatus {
    return this.optional().status;
  }

  list(): Promise<ModelSpec[]> {
    this.specs ??= extraModels(this.extraModelsDir).then((extra) => [...builtinModels(), ...this.optional().specs, ...extra]);
    return this.specs;
  }

  async get(name: string): Promise<ModelSpec> {
    const spec = (await this.list()).find((s) => s.name === name);
    if (!spec) throw new EngineError('MODEL_NOT_FOUND', `Model ${name} is not available`);
    return spec;
  }

  fileOf(spec: ModelSpec, int8 = false, part?: NetworkPart): string {
    if (spec.source.kind === 'file') return spec.source.path;
    return path.join(this.modelsDir, `${spec.name}${int8 ? '.int8' : ''}${part ? `.${part}` : ''}.onnx`);
  }

  private async readVerified(spec: ModelSpec, int8 = false, part?: NetworkPart): Promise<Uint8Array | undefined> {
    const file = this.fileOf(spec, int8, part);
    if (spec.source.kind === 'file') {
      const bytes = await readFile(file);
      const stampFile = `${file}.sha256`;
      if (existsSync(stampFile)) {
        const expected = (await readFile(stampFile, 'utf8')).trim().split(/\s+/)[0];
        if (expected !== sha256(bytes)) throw new EngineError('MODEL_CORRUPT', `Model ${spec.name} does not match its checksum`);
      }
      return bytes;
    }
    if (!existsSync(file) || !existsSync(`${file}.json`)) return undefined;
    const stamp = JSON.parse(await readFile(`${file}.json`, 'utf8')) as Stamp;
    if (stamp.converterVersion !== versionOf(spec)) return undefined;
    if (int8 && (stamp.quantiserVersion !== QUANTISER_VERSION || stamp.recipe !== (await this.recipeChecksum(spec.int8Recipe!)))) return undefined;
    const bytes = await readFile(file);
    return sha256(bytes) === stamp.sha256 ? bytes : undefined;
  }

  private recipeChecksum(file: string): Promise<string> {
    let checksum = this.recipeChecksums.get(file);
    if (!checksum) {
      checksum = readFile(file).then(sha256);
      checksum.catch(() => this.recipeChecksums.delete(file));
      this.recipeChecksums.set(file, checksum);
    }
    return checksum;
  }

  private async store(spec: ModelSpec, bytes: Uint8Array, recipe?: Uint8Array, part?: NetworkPart): Promise<void> {
    await mkdir(this.modelsDir, { recursive: true });
    const file = this.fileOf(spec, Boolean(recipe), part);
    await writeFileAtomic(file, bytes);
    const stamp: Stamp = {
      sha256: sha256(bytes),
      converterVersion: versionOf(spec),
      ...(recipe ? { quantiserVersion: QUANTISER_VERSION, recipe: sha256(recipe) } : {}),
    };
    await writeFileAtomic(`${file}.json`, JSON.stringify(stamp));
  }

  private async convert(spec: ModelSpec, int8: boolean, part?: NetworkPart): Promise<void> {
    const { source } = spec;
    if (source.kind === 'file') return;
    if (part && !spec.split) throw new Error(`${spec.name} does not run in parts`);
    if (int8) {
      const raw = await readFile(spec.int8Recipe!);
      const recipe = JSON.parse(raw.toString('utf8')) as Int8Recipe;
      if (recipe.converterVersion !== versionOf(spec))
        throw new Error(`the int8 recipe of ${spec.name} was read on converter version ${recipe.converterVersion}`);
      return this.store(spec, quantiseModel(await this.load(spec.name, { part }), recipe), raw, part);
    }
    const bytes =
      source.kind === 'npm' ? convertLayersModel(await readLayersModel(source.dir)) : convertNcnnModel(await readNcnnModel(source.param, source.bin), part);
    await this.store(spec, bytes, undefined, part);
  }

  /**
   * Returns the verified ONNX bytes of a model, converting it first when needed. With `int8`, a network that has an
   * int8 recipe comes in its int8 form (made from the float one on first use); one without comes as float.
   */
  async load(name: string, options: LoadOptions = {}): Promise<Uint8Array> {
    const spec = await this.get(name);
    const { part } = options;
    const int8 = Boolean(options.int8 && spec.int8Recipe && part === int8PartOf(spec));
    const ready = await this.readVerified(spec, int8, part);
    if (ready) return ready;
    const key = `${name}${int8 ? '.int8' : ''}${part ? `.${part}` : ''}`;
    let job = this.converting.get(key);
    if (!job) {
      job = this.convert(spec, int8, part).finally(() => this.converting.delete(key));
      this.converting.set(key, job);
    }
    await job;
    const bytes = await this.readVerified(spec, int8, part);
    if (!bytes) throw new EngineError('MODEL_CORRUPT', `Model ${name} failed verification after conversion`);
    return bytes;
  }

  /**
   * Converts every network (and, with `int8`, makes the int8 forms) now rather than on its first job; a network that
   * runs in parts is converted as its parts.
   */
  async ensureAll(onProgress?: (done: number, total: number, name: string) => void, options: LoadOptions = {}): Promise<void> {
    const specs = (await this.list()).filter((s) => s.source.kind !== 'file');
    let done = 0;
    for (const spec of specs) {
      onProgress?.(done, specs.length, spec.name);
      if (spec.split) for (const part of NETWORK_PARTS) await this.load(spec.name, { part });
      else if (!(await this.readVerified(spec))) await this.load(spec.name);
      if (options.int8 && spec.int8Recipe) await this.load(spec.name, { ...options, part: int8PartOf(spec) });
      done++;
      onProgress?.(done, specs.length, spec.name);
    }
  }
}
