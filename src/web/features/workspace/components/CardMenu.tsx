/** A card's menu: what can be done with the image it shows beyond the canvas tools. */
import { useState } from 'react';
import { MoreHorizontal } from 'lucide-react';
import type { WorkspaceImage } from '@web/features/canvas-core/workspace-state';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@web/ui/dropdown-menu';
import { ShareLinkDialog } from './ShareLinkDialog';
import { DeleteVersionDialog } from './DeleteVersionDialog';
import { isBusy } from '@web/features/canvas-core/workspace-state';
import { versionMessages } from '@shared/versions';
import { viewerMessages } from '@shared/viewer';
import { openViewer } from '@web/features/viewer/viewer-store';

export function CardMenu({ image }: { image: WorkspaceImage }) {
  const [sharing, setSharing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  // the version the card shows: its result when it has one, else the upload
  const shownId = image.enhanced?.imageId ?? (image.enhanced ? null : image.imageId);
  if (!shownId) return null;
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <button
            type="button"
            aria-label="Card actions"
            data-testid="card-menu"
            className="nodrag -my-1 ml-1 flex h-6 w-6 shrink-0 items-center justify-center rounded text-zinc-400 hover:bg-white/[0.07] hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-400"
            onClick={(e) => e.stopPropagation()}
          >
            <MoreHorizontal className="h-4 w-4" />
          </button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => openViewer(image.key)} data-testid="card-inspect">
            {viewerMessages.open}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setSharing(true)} data-testid="card-share">
            Share link…
          </DropdownMenuItem>
          {image.enhanced?.jobId && !isBusy(image) && (
            <DropdownMenuItem onSelect={() => setDeleting(true)} data-testid="card-delete-version" className="text-red-300 focus:text-red-200">
              {versionMessages.deleteAction}
            </DropdownMenuItem>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      <DeleteVersionDialog image={image} open={deleting} onOpenChange={setDeleting} />
      <ShareLinkDialog open={sharing} onOpenChange={setSharing} imageId={shownId} subject={image.enhanced ? 'this result' : 'this image'} />
    </>
  );
}
