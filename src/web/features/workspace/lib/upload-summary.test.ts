import { describe, expect, it } from 'vitest';
import { skippedNames, uploadSummary } from './upload-summary';

describe('upload summary', () => {
  it('counts in the seed wording, with one image in the singular', () => {
    expect(uploadSummary(3, 0, [])).toEqual({ kind: 'success', title: 'Upload Complete', description: '3 images uploaded successfully, 0 failed' });
    expect(uploadSummary(1, 0, [])).toEqual({ kind: 'success', title: 'Upload Complete', description: '1 image uploaded successfully, 0 failed' });
    expect(uploadSummary(1, 1, [])?.kind).toBe('warning');
    expect(uploadSummary(0, 2, [])).toMatchObject({ kind: 'error', title: 'Upload Failed' });
    expect(uploadSummary(0, 0, [])).toBeNull();
  });

  it('names the files skipped for not being images, never the junk of a folder', () => {
    const a = { name: 'a.png' };
    const picked = [a, { name: 'notes.txt' }, { name: '.DS_Store' }, { name: 'shots/Thumbs.db' }, { name: 'shots/plan.pdf' }];
    const skipped = skippedNames(picked, [a]);
    expect(skipped).toEqual(['notes.txt', 'plan.pdf']);
    expect(uploadSummary(1, 0, skipped)).toEqual({
      kind: 'warning',
      title: 'Upload Finished',
      description: '1 image uploaded successfully, 0 failed. Skipped, not an image: notes.txt, plan.pdf',
    });
  });
});
