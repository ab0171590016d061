/** The jobs API's schemas live in ./api/jobs.ts; these names stay for the modules that import them from here. */
export { EnhanceJobRequest, JobDto, JobIdsQuery, JobQueueDto, JobStatus } from './api/jobs.js';
