import { describe, expect, it } from 'vitest';
import { isIgnoredUploadName } from './limits.js';

describe('upload limits', () => {
  it('ignores .DS_Store and Thumbs.db in any folder and case', () => {
    expect(isIgnoredUploadName('.DS_Store')).toBe(true);
    expect(isIgnoredUploadName('renders/Thumbs.db')).toBe(true);
    expect(isIgnoredUploadName('THUMBS.DB')).toBe(true);
    expect(isIgnoredUploadName('render.png')).toBe(false);
  });
});
