/**
 * The trash: a deleted upload and every version derived from it are kept this long (their files too, and they count
 * against the storage quota), then purged by the scheduled trash run. Restore brings them back; Delete forever purges
 * at once.
 */

export const TRASH_RETENTION_DAYS = 30;

const DAY_MS = 86_400_000;

/** When an item moved to the trash at `deletedAt` is purged. */
export const purgeDueAt = (deletedAt: Date): Date => new Date(deletedAt.getTime() + TRASH_RETENTION_DAYS * DAY_MS);

/** Whole days before the purge, counted up (an item purged later today has 1 day left), never below 0. */
export function trashDaysLeft(deletedAt: Date, now: Date): number {
  return Math.max(0, Math.ceil((purgeDueAt(deletedAt).getTime() - now.getTime()) / DAY_MS));
}

/** The sessionStorage key of "Don't ask again for this session" on deleting a card with results. */
export const SKIP_DELETE_CONFIRM_KEY = 'renderlift:skip-delete-confirm';

/** Every user-facing string of the trash and of deleting a card; placeholders are filled by `fill` (@shared/messages). */
export const trashMessages = {
  title: 'Trash',
  intro: `Deleted images and all their versions stay here for ${TRASH_RETENTION_DAYS} days, then they are deleted for good. They count toward your storage until then.`,
  empty: 'The trash is empty.',
  loadFailed: 'Could not load the trash. Please try again.',
  loading: 'Loading the trash...',
  deletedOn: 'Deleted {date}',
  versions: '{n} versions',
  versionOne: '1 version',
  daysLeft: '{n} days left',
  dayLeft: '1 day left',
  purgeSoon: 'Deleted for good within the hour',
  restore: 'Restore',
  restoreLabel: 'Restore {name}',
  restored: '"{name}" restored',
  deleteForever: 'Delete forever',
  deleteForeverLabel: 'Delete {name} forever',
  deletedForever: '"{name}" deleted forever',
  deleteForeverTitle: 'Delete forever?',
  deleteForeverBody: '"{name}" and its {versions} will be deleted now. This cannot be undone.',
  deleteForeverBodyNoVersions: '"{name}" will be deleted now. This cannot be undone.',
  cancel: 'Cancel',
  confirmTitle: 'Delete this image?',
  confirmBody: '"{name}" has {versions}. The image and every version go to the Trash, where you can restore them for {days} days.',
  confirmAction: 'Delete',
  dontAskAgain: "Don't ask again for this session",
  removedHint: `You can restore it from the Trash for ${TRASH_RETENTION_DAYS} days.`,
  notInTrash: 'This image is not in the trash.',
  imageInTrash: 'This image is in the trash. Restore it first.',
} as const;
