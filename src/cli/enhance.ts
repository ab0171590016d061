import fs from 'node:fs';
import path from 'node:path';
import { CLI_EXIT, CLI_POLL_MS, cliMessages } from '@shared/cli.js';
import { fill } from '@shared/messages.js';
import { call, type ApiClient } from './client.js';
import { CliError } from './exit-error.js';
import { clearParts, idempotencyKey, outputName, settingsLabel, sha256File, writeWhole, type EnhanceSettings } from './files.js';
import { bar, type Progress } from './output.js';
import type { Slots } from './slots.js';
import type { StateFile } from './state.js';

export interface RunContext {
  api: ApiClient;
  server: string;
  outDir: string;
  state: StateFile;
  slots: Slots;
  progress: Progress;
}

export interface FileResult {
  file: string;
  status: 'done' | 'skipped' | 'failed';
  output?: string;
  job_id?: string;
  credits_used?: number;
  error?: { code?: string; detail: string; status?: number };
  exitCode?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Uploads one file (once: the image id is kept in the state file) and answers its image id. */
export async function uploadOnce(ctx: RunContext, file: string, key: string, sha256: string): Promise<string> {
  const known = ctx.state.get(key)?.imageId;
  if (known) return known;
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(fs.readFileSync(file))]), path.basename(file));
  const up = await call(ctx.server, () => ctx.api.POST('/api/v1/uploads', { body: form as never, bodySerializer: (b: unknown) => b as FormData }));
  const result = up.results[0];
  if (!result || result.status !== 'accepted') {
    const reason = result && 'message' in result ? String((result as { message?: unknown }).message) : 'not accepted';
    throw new CliError(reason, CLI_EXIT.someFailed, 'UPLOAD_REJECTED');
  }
  ctx.state.update(key, { source: file, sha256, imageId: result.id });
  ctx.progress.line(key, fill(cliMessages.uploaded, { file: path.basename(file) }));
  return result.id;
}

/** Follows a job until it ends; answers it completed, or throws why not. */
export async function followJob(ctx: RunContext, key: string, file: string, jobId: string) {
  for (;;) {
    const { job } = await call(ctx.server, () => ctx.api.GET('/api/v1/jobs/{id}', { params: { path: { id: jobId } } }));
    if (job.status === 'completed') return job;
    if (job.status === 'failed' || job.status === 'cancelled')
      throw new CliError(job.error_message || fill(cliMessages.jobFailed, { status: job.status }), CLI_EXIT.someFailed, 'JOB_FAILED');
    ctx.progress.line(key, `${path.basename(file)} ${bar(job.progress ?? 0)}`, false);
    await sleep(CLI_POLL_MS);
  }
}

/** Downloads a completed job's result into the output folder (whole or not at all). */
export async function download(ctx: RunContext, jobId: string, output: string): Promise<void> {
  const bytes = await call(ctx.server, () =>
    ctx.api.GET('/api/v1/jobs/{id}/download', { params: { path: { id: jobId }, query: { redirect: 'false' } }, parseAs: 'arrayBuffer' }),
  );
  writeWhole(output, new Uint8Array(bytes as ArrayBuffer));
}

/**
 * One file, resumable at every step: skipped when its result is already written; otherwise uploaded once, its job
 * started once (the Idempotency-Key of its hash and settings replays a job the server already made), followed
 * and downloaded. A CONCURRENCY_LIMIT answer sets the plan's limit and waits for a slot.
 */
export async function enhanceFile(ctx: RunContext, file: string, settings: EnhanceSettings): Promise<FileResult> {
  const name = path.basename(file);
  const label = settingsLabel(settings);
  const sha256 = await sha256File(file);
  const key = idempotencyKey(sha256, label);
  const known = ctx.state.get(key);
  const output = known?.output ?? path.join(ctx.outDir, outputName(file, label));
  clearParts(output);
  if (fs.existsSync(output)) {
    ctx.progress.line(key, fill(cliMessages.skipped, { file: name, output: path.basename(output) }));
    return { file, status: 'skipped', output, job_id: known?.jobId };
  }
  try {
    let jobId = known?.jobId;
    const imageId = jobId ? known!.imageId! : await uploadOnce(ctx, file, key, sha256);
    await ctx.slots.acquire();
    try {
      if (jobId) ctx.progress.line(key, fill(cliMessages.resumed, { file: name, job: jobId }));
      while (!jobId) {
        const body = {
          imageId,
          mode: settings.mode,
          ...(settings.targetSize ? { targetSize: settings.targetSize } : { scale: settings.scale }),
        };
        try {
          const created = await call(ctx.server, () => ctx.api.POST('/api/v1/jobs', { body: body as never, params: { header: { 'Idempotency-Key': key } } }));
          jobId = created.job.id;
          ctx.state.update(key, { source: file, sha256, imageId, jobId, output });
          ctx.progress.line(key, fill(cliMessages.started, { file: name, job: jobId }));
        } catch (err) {
          const e = err as CliError & { details?: { limit?: number; active?: number } };
          if (e.code !== 'CONCURRENCY_LIMIT' && e.code !== 'RATE_LIMITED' && e.code !== 'IDEMPOTENCY_IN_FLIGHT') throw err;
          if (e.details?.limit) ctx.slots.setLimit(e.details.limit);
          ctx.progress.line(key, fill(cliMessages.waitingForSlot, { file: name, active: e.details?.active ?? '?', limit: e.details?.limit ?? '?' }), false);
          await sleep(CLI_POLL_MS * 2);
        }
      }
      const job = await followJob(ctx, key, file, jobId);
      await download(ctx, jobId, output);
      ctx.state.update(key, { source: file, sha256, done: true });
      ctx.progress.line(key, fill(cliMessages.written, { file: name, output: path.basename(output) }));
      return { file, status: 'done', output, job_id: jobId, credits_used: job.credits_used ?? undefined };
    } finally {
      ctx.slots.release();
    }
  } catch (err) {
    const e = err as CliError;
    ctx.progress.line(key, fill(cliMessages.failed, { file: name, reason: e.message }));
    return { file, status: 'failed', error: { code: e.code, detail: e.message, status: e.status }, exitCode: e.exitCode ?? CLI_EXIT.someFailed };
  }
}

/** The exit code of a run: the gravest reason among its failures (auth, credits, reachability), else 1 when any failed. */
export function exitCodeOfRun(results: FileResult[]): number {
  const failed = results.filter((r) => r.status === 'failed');
  if (!failed.length) return CLI_EXIT.ok;
  for (const code of [CLI_EXIT.auth, CLI_EXIT.unreachable, CLI_EXIT.noCredits]) if (failed.some((r) => r.exitCode === code)) return code;
  return CLI_EXIT.someFailed;
}
