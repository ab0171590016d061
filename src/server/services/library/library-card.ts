import type { Deps } from '@server/deps.js';
import { AppError } from '@server/errors.js';
import { libraryMessages } from '@shared/library.js';
import type { WorkspaceImage } from '@shared/api/images.js';
import { listWorkspaceImages } from '../images/list-workspace-images.js';

/**
 * One upload of the library as the workspace shows it (every version, a running job, fresh signed URLs), to be added
 * to a canvas: any of the user's uploads, however old, not only those the workspace lists. 404 for one in the trash
 * or another user's.
 */
export async function libraryCard(deps: Pick<Deps, 'db' | 'storage'>, userId: string, id: string): Promise<WorkspaceImage> {
  const [card] = await listWorkspaceImages(deps, userId, { id });
  if (!card) throw new AppError('IMAGE_NOT_FOUND', 404, libraryMessages.notFound);
  return card;
}
