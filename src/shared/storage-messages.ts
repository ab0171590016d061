/**
 * User-facing text of storage, uploads and credits that seed 001 §8 leaves open (ours). The seed's own strings
 * (upload failures, URL checks, 'User authentication required', insufficient credits, admin grants) are in
 * the message catalogue, src/shared/messages.ts. Placeholders ({n}) are filled by fill() from there.
 */
export const storageMessages = {
  // seed 001 §8 drop-zone wording, with our limits (src/shared/limits.ts)
  fileTypeMustBe: 'File type must be JPEG, PNG, GIF, BMP or WebP',
  fileTooLarge: 'File is larger than {n} bytes',
  fileTooSmall: 'File is smaller than {n} bytes',
  tooManyFiles: 'Too many files',
  noFiles: 'No files were sent. Please choose one or more images.',
  uploadMalformed: 'The upload could not be read: a file name or part of the request is malformed. Please rename the file and try again.',
  fileEmpty: 'The file is empty',
  avatarMissing: 'Choose an image for your profile picture.',
  avatarTooLarge: 'A profile picture can be at most {n} MB.',
  maskTooLarge: 'The mask file is too large: it can be at most {n} MB.',
  imageCorrupt: 'The image is truncated or corrupt. Please export it again and re-upload.',
  imageTooManyPixels: 'The image is {w}×{h} ({mp} megapixels); the limit is {max} megapixels.',
  bmpCompressed: 'Compressed (RLE) BMP files are not supported; please convert to PNG',
  bmpUnsupportedDepth: 'BMP files with {n} bits per pixel are not supported; please convert to PNG',
  storageQuotaExceeded:
    'Storage quota exceeded: {used} of {quota} used (the Trash included). Please delete some images, then delete them forever from the Trash, before uploading more.',
  fileNotFound: 'File not found',
  invalidSignature: 'This link is invalid or has expired. Please refresh the page to get a new one.',
  rangeNotSatisfiable: 'Requested range not satisfiable',
  // the insufficient-credits situation when the balance covers less than the cost (the seed's covers < 1)
  insufficientCreditsFor: 'Insufficient Credits - This needs {cost} credits and you have {balance}. Please upgrade your plan.',
} as const;
