/**
 * User-facing text of the masking window's tools and of 'Try another fill' (ours: seed 000 §2 names the 'Create Image
 * Mask' modal and seed 001 §8 its removal messages, which stay in src/shared/messages.ts). Placeholders ({n}) are
 * filled by fill() from there.
 */
export const maskEditorMessages = {
  loading: 'Loading the picture…',
  loadFailed: 'The picture could not be loaded. Close the window and try again.',
  toolsLabel: 'Mask tools',
  toolBrush: 'Brush (paints the mask)',
  toolEraser: 'Eraser (takes paint away; Alt with any tool)',
  toolRectangle: 'Rectangle',
  toolLasso: 'Lasso',
  feather: 'Feather',
  featherHint: 'A soft edge of {n} px around the mask',
  redo: 'Redo',
  showMask: 'Show mask',
  hideMask: 'Hide mask',
  zoomIn: 'Zoom in',
  zoomOut: 'Zoom out',
  zoomFit: 'Fit',
  zoomLevel: 'Zoom {n} %',
  tryAnotherFill: 'Try another fill',
  anotherFillHint:
    'Runs the removal again on the same picture and mask for a second candidate ({n} credit, none if it comes out the same); keep the one you like from the Version list.',
  anotherFillNotRemoval: 'Only a completed object removal can be filled again.',
  anotherFillMaskGone: 'The mask of that removal is no longer stored. Please paint it again.',
  anotherFillSame: 'Another fill came out the same as the one you have: this surface has one fill that continues it. No credit was charged.',
  seedInvalid: 'The fill seed must be a whole number from 0 to {n}.',
} as const;
