/**
 * The library: every upload of the account with its results, whatever any saved viewport says, so an upload is
 * never lost from sight when a session saved on another device leaves it out. Searchable by name, filterable by
 * upload date, by saved viewport and by status; paged by cursor.
 */

/** Uploads a library page holds by default, and at most. */
export const LIBRARY_PAGE_SIZE = 24;
export const LIBRARY_PAGE_MAX = 100;
/** A search term longer than this is refused. */
export const LIBRARY_SEARCH_MAX = 200;

/**
 * The status filters, each a rule of the upload's jobs (enhancements and removals on it and on its results):
 * enhanced: at least one enhancement completed; not-enhanced: none; processing: a job runs now; failed: its latest
 * job failed. An upload can be in more than one (enhanced and processing again).
 */
export const LIBRARY_STATUSES = ['enhanced', 'not-enhanced', 'processing', 'failed'] as const;
export type LibraryStatus = (typeof LIBRARY_STATUSES)[number];

/** The drag-and-drop data type of an upload dragged from the library onto the canvas; its value is the image id. */
export const LIBRARY_DRAG_TYPE = 'application/x-renderlift-image';

/** Every user-facing string of the library; placeholders are filled by `fill` (@shared/messages). */
export const libraryMessages = {
  title: 'Library',
  intro: 'Every image you uploaded, with its versions, whatever any viewport shows. Add one to the canvas, or drag it there.',
  search: 'Search by name',
  searchPlaceholder: 'Search by name...',
  from: 'From',
  to: 'To',
  session: 'Viewport',
  anySession: 'All viewports',
  status: 'Status',
  anyStatus: 'Any status',
  statusEnhanced: 'Enhanced',
  statusNotEnhanced: 'Not enhanced',
  statusProcessing: 'Processing',
  statusFailed: 'Failed',
  clearFilters: 'Clear filters',
  loading: 'Loading the library...',
  loadFailed: 'Could not load the library. Please try again.',
  empty: 'No uploads yet. Images you upload appear here.',
  noMatch: 'No uploads match these filters.',
  loadMore: 'Load more',
  loadingMore: 'Loading...',
  count: '{n} shown',
  versions: '{n} versions',
  versionOne: '1 version',
  noVersions: 'Original only',
  uploadedOn: 'Uploaded {date}',
  latest: 'Latest: {version} · {width} × {height}',
  onCanvas: 'On canvas',
  add: 'Add',
  addLabel: 'Add {name} to the canvas',
  show: 'Show',
  showLabel: 'Show {name} on the canvas',
  addFailed: 'Could not add "{name}" to the canvas. Please try again.',
  dragHint: 'Drag onto the canvas to place it there',
  sessionNotFound: 'Session not found',
  badCursor: 'This page of the library is no longer valid. Please reload the list.',
  badDate: 'Dates must be ISO 8601 with a time zone, like 2026-01-31T00:00:00Z',
  badRange: 'The start date must be before the end date',
  notFound: 'Image not found',
} as const;

export const libraryStatusLabel: Record<LibraryStatus, string> = {
  enhanced: libraryMessages.statusEnhanced,
  'not-enhanced': libraryMessages.statusNotEnhanced,
  processing: libraryMessages.statusProcessing,
  failed: libraryMessages.statusFailed,
};
