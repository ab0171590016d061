import { createContext, useContext } from 'react';
import type { Workspace } from '../hooks/useWorkspace';
import type { useJobQueue } from '../hooks/useJobQueue';
import type { LibraryCards } from '../hooks/useLibraryCards';

export type WorkspaceContextValue = Workspace & {
  /** The canvas zoom, so in-card panning moves the image by the pointer's distance on screen. */
  getCanvasZoom: () => number;
  openFilePicker: () => void;
  openFolderPicker: () => void;
  /** The server's queue: how many run at once, and where each waiting job stands. */
  queue: ReturnType<typeof useJobQueue>;
  /** Cards from the library: add (or show) an upload, which uploads are on the canvas. */
  library: LibraryCards;
};

export const WorkspaceContext = createContext<WorkspaceContextValue | null>(null);

export function useWorkspaceContext(): WorkspaceContextValue {
  const ws = useContext(WorkspaceContext);
  if (!ws) throw new Error('useWorkspaceContext outside the workspace');
  return ws;
}
