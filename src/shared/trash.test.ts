import { describe, expect, it } from 'vitest';
import { purgeDueAt, TRASH_RETENTION_DAYS, trashDaysLeft } from './trash.js';

const DAY = 86_400_000;

describe('trash retention', () => {
  const deleted = new Date('2026-11-01T10:00:00Z');

  it('is purged TRASH_RETENTION_DAYS after it was deleted', () => {
    expect(TRASH_RETENTION_DAYS).toBe(30);
    expect(purgeDueAt(deleted).getTime() - deleted.getTime()).toBe(30 * DAY);
  });

  it('counts whole days left upwards, down to 0 once the purge is due', () => {
    expect(trashDaysLeft(deleted, deleted)).toBe(30);
    expect(trashDaysLeft(deleted, new Date(deleted.getTime() + 1))).toBe(30);
    expect(trashDaysLeft(deleted, new Date(deleted.getTime() + DAY))).toBe(29);
    expect(trashDaysLeft(deleted, new Date(deleted.getTime() + 29 * DAY + 1))).toBe(1);
    expect(trashDaysLeft(deleted, new Date(deleted.getTime() + 30 * DAY))).toBe(0);
    expect(trashDaysLeft(deleted, new Date(deleted.getTime() + 45 * DAY))).toBe(0);
  });
});
