import { Hono } from 'hono';
import type { AppEnv } from '../http/env.js';
import { validate } from '../http/validate.js';
import { requireUser, userOf } from '../http/require-user.js';
import { msg } from '@shared/messages.js';
import { readRemovalForm } from '../http/removal-form.js';
import { contract } from '../http/contract.js';
import {
  CancelJobResponse,
  CompletedJobsQuery,
  CreateJobResponse,
  CreateRemoveJobResponse,
  DeleteVersionResponse,
  EnhanceJobRequest,
  JobIdParam,
  JobIdsQuery,
  JobQueueDto,
  JobsResponse,
  RecentActivityResponse,
  RemoveJobForm,
} from '@shared/api/jobs.js';
import { createEnhanceJob } from '../services/jobs/create-enhance-job.js';
import { createRemoveJob } from '../services/jobs/create-remove-job.js';
import { anotherFill } from '../services/jobs/another-fill.js';
import { notifyLowCredits } from '../services/notifications/user-notifications.js';
import { cancelJob } from '../services/jobs/cancel-job.js';
import { deleteVersion } from '../services/images/delete-version.js';
import { getJobsByIds, getRecentActivity, getRecentCompleted, getRestorableJobs } from '../services/jobs/list-jobs.js';
import { presentJob, presentJobs } from '../services/jobs/present-job.js';
import { queueOverview } from '../services/jobs/queue-position.js';
import { EstimateJobsRequest, EstimateJobsResponse } from '@shared/api/estimates.js';
import { estimateSelection } from '../services/estimates/estimate-selection.js';

export const jobsRoute = new Hono<AppEnv>()
  .use(requireUser(msg('enhanceAuthRequired')))
  .post(
    '/',
    contract({ summary: 'Start an enhancement', tag: 'jobs', access: 'user', responses: { 201: CreateJobResponse } }),
    validate('json', EnhanceJobRequest),
    async (c) => {
      const result = await createEnhanceJob(c.var.deps, userOf(c), c.req.valid('json'));
      // the reservation may have taken the balance into the low range: the one e-mail per dip
      await notifyLowCredits(c.var.deps, userOf(c).id);
      return c.json({ ...result, job: await presentJob(c.var.deps, result.job) }, 201);
    },
  )
  .post(
    '/remove',
    contract({
      summary: 'Start an object removal',
      tag: 'jobs',
      access: 'user',
      body: { media: 'multipart/form-data', schema: RemoveJobForm },
      responses: { 201: CreateRemoveJobResponse },
    }),
    // the body is streamed, bounded while it arrives (http/body-limit.ts); the mask alone may be MASK_MAX_BYTES
    async (c) => {
      const result = await createRemoveJob(c.var.deps, userOf(c), await readRemovalForm(c));
      await notifyLowCredits(c.var.deps, userOf(c).id);
      return c.json({ ...result, jobId: result.job.id, job: await presentJob(c.var.deps, result.job) }, 201);
    },
  )
  .post(
    '/estimate',
    contract({
      summary: 'What enhancing the selection would cost and take, before it is started',
      tag: 'jobs',
      access: 'user',
      responses: { 200: EstimateJobsResponse },
    }),
    validate('json', EstimateJobsRequest),
    async (c) => c.json(await estimateSelection(c.var.deps, userOf(c).id, c.req.valid('json'))),
  )
  .post(
    '/:id/another-fill',
    contract({
      summary: 'Try another fill: the removal of a completed removal job again, same version and mask, another seed',
      tag: 'jobs',
      access: 'user',
      responses: { 201: CreateRemoveJobResponse },
    }),
    validate('param', JobIdParam),
    async (c) => {
      const result = await anotherFill(c.var.deps, userOf(c), c.req.valid('param').id);
      await notifyLowCredits(c.var.deps, userOf(c).id);
      return c.json({ ...result, jobId: result.job.id, job: await presentJob(c.var.deps, result.job) }, 201);
    },
  )
  .delete(
    '/:id/result',
    contract({
      summary: 'Delete one version of a card for good: the job’s result and every version made from it (the job stays as history)',
      tag: 'jobs',
      access: 'user',
      responses: { 200: DeleteVersionResponse },
    }),
    validate('param', JobIdParam),
    async (c) => {
      const { jobIds } = await deleteVersion(c.var.deps, userOf(c).id, c.req.valid('param').id);
      return c.json({ deleted_job_ids: jobIds });
    },
  )
  .post(
    '/:id/cancel',
    contract({ summary: 'Cancel a job', tag: 'jobs', access: 'user', responses: { 200: CancelJobResponse } }),
    validate('param', JobIdParam),
    async (c) => {
      const result = await cancelJob(c.var.deps, userOf(c), c.req.valid('param').id);
      return c.json({ ...result, job: await presentJob(c.var.deps, result.job) });
    },
  )
  .get(
    '/queue',
    contract({ summary: 'Where the user’s waiting jobs stand in the queue', tag: 'jobs', access: 'user', responses: { 200: JobQueueDto } }),
    async (c) => c.json(await queueOverview(c.var.deps, userOf(c).id)),
  )
  .get('/active', contract({ summary: 'Jobs still running, younger than 2 hours', tag: 'jobs', access: 'user', responses: { 200: JobsResponse } }), async (c) =>
    c.json({ jobs: await presentJobs(c.var.deps, await getRestorableJobs(c.var.deps, userOf(c).id)) }),
  )
  .get(
    '/recent',
    contract({ summary: 'The last 10 jobs (recent activity)', tag: 'jobs', access: 'user', responses: { 200: RecentActivityResponse } }),
    async (c) => c.json({ jobs: await getRecentActivity(c.var.deps, userOf(c).id) }),
  )
  .get(
    '/completed',
    contract({ summary: 'The last completed jobs', tag: 'jobs', access: 'user', responses: { 200: JobsResponse } }),
    validate('query', CompletedJobsQuery),
    async (c) => c.json({ jobs: await presentJobs(c.var.deps, await getRecentCompleted(c.var.deps, userOf(c).id, c.req.valid('query').limit)) }),
  )
  .get(
    '/',
    contract({ summary: 'The user’s jobs among the given ids', tag: 'jobs', access: 'user', responses: { 200: JobsResponse } }),
    validate('query', JobIdsQuery),
    async (c) => c.json({ jobs: await presentJobs(c.var.deps, await getJobsByIds(c.var.deps, userOf(c).id, c.req.valid('query').ids)) }),
  );
