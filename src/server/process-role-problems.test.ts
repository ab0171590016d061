import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '@server/config.js';
import { processRoleProblems } from './process-role-problems.js';

const DATABASE_URL = 'postgres://renderlift@db.internal:5432/renderlift';
const problems = (env: Record<string, string>) => processRoleProblems(loadConfig({ DATA_DIR: '/srv/renderlift', ...env }));

describe('what separate API and worker processes refuse to start with', () => {
  it('accepts anything in the single-process mode', () => {
    expect(problems({})).toEqual([]);
    expect(problems({ PROCESS_ROLE: 'all', STORAGE_URL: 'file:///mnt/files' })).toEqual([]);
  });

  it.each(['api', 'worker'])('names DATABASE_URL alone when PROCESS_ROLE=%s runs on the embedded database', (role) => {
    const found = problems({ PROCESS_ROLE: role });
    expect(found).toHaveLength(1);
    expect(found[0].variable).toBe('DATABASE_URL');
    expect(found[0].message).toContain(`PROCESS_ROLE=${role} needs DATABASE_URL=postgres://`);
    expect(found[0].message).not.toContain('\n');
  });

  it.each(['api', 'worker'])('refuses local-disk storage for PROCESS_ROLE=%s, with the reason and both ways out', (role) => {
    const found = problems({ PROCESS_ROLE: role, DATABASE_URL });
    expect(found).toEqual([
      {
        variable: 'STORAGE_SHARED',
        message: `PROCESS_ROLE=${role} stores files on local disk (${path.join('/srv/renderlift', 'storage')}), and local files are seen by this machine only; point STORAGE_URL at S3, or set STORAGE_SHARED=true when ${path.join('/srv/renderlift', 'storage')} is a shared folder every process mounts`,
      },
    ]);
    expect(problems({ PROCESS_ROLE: role, DATABASE_URL, STORAGE_URL: 'file:///mnt/files' })[0].message).toContain('local disk (/mnt/files)');
  });

  it('accepts S3, or a local folder the operator declares shared', () => {
    expect(problems({ PROCESS_ROLE: 'api', DATABASE_URL, STORAGE_URL: 's3://renders' })).toEqual([]);
    expect(problems({ PROCESS_ROLE: 'worker', DATABASE_URL, STORAGE_SHARED: 'true' })).toEqual([]);
    expect(problems({ PROCESS_ROLE: 'worker', DATABASE_URL, STORAGE_URL: 'file:///mnt/files', STORAGE_SHARED: 'true' })).toEqual([]);
    expect(problems({ PROCESS_ROLE: 'worker', DATABASE_URL, STORAGE_SHARED: 'false' })).toHaveLength(1);
  });
});
