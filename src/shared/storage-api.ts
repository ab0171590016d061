/** Uploads and signed URLs: their schemas live in ./api/uploads.ts. */
export {
  AcceptedUpload,
  BatchSignedUrlsResponse,
  BatchSignUrlsRequest,
  IgnoredUpload,
  RejectedUpload,
  SignedUrlResponse,
  SignUrlRequest,
  UploadResponse,
  UploadResultDto,
} from './api/uploads.js';
