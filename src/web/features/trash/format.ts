import { fill } from '@shared/messages';
import { trashMessages } from '@shared/trash';

/** 1.4 MB, 820 KB: a size as the trash lists it. */
export const formatBytes = (n: number) =>
  n >= 1_073_741_824 ? `${(n / 1_073_741_824).toFixed(2)} GB` : n >= 1_048_576 ? `${(n / 1_048_576).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} KB`;

export const versionsLabel = (n: number) => (n === 1 ? trashMessages.versionOne : fill(trashMessages.versions, { n }));

export const daysLeftLabel = (n: number) => (n <= 0 ? trashMessages.purgeSoon : n === 1 ? trashMessages.dayLeft : fill(trashMessages.daysLeft, { n }));
