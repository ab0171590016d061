/** The workspace's list of uploads (`GET /api/images`): its schemas live in ./api/images.ts. */
export { ImageVersion, WorkspaceImage } from './api/images.js';
