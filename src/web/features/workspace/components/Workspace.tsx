import { useReloadHold } from '../hooks/useReloadHold';
import { useCallback, useEffect, useMemo, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { ReactFlowProvider } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { msg } from '@shared/messages';
import { useWorkspace } from '../hooks/useWorkspace';
import { useWorkspaceKeys } from '../hooks/useWorkspaceKeys';
import { useSelectionKeys } from '../hooks/useSelectionKeys';
import { ShortcutsSheet } from './ShortcutsSheet';
import { InspectionViewer } from '@web/features/viewer/InspectionViewer';
import { filesFromDataTransfer } from '../lib/upload-batches';
import { ControlPanel } from './ControlPanel';
import { CompletionOverlay } from './CompletionOverlay';
import { DeleteCardDialog } from './DeleteCardDialog';
import { WorkspaceCanvas } from './WorkspaceCanvas';
import { WorkspaceToolbar } from './WorkspaceToolbar';
import { BlockingOverlay, DropOverlay, EmptyState, LoadingState, UploadProgressCard, UrlRefreshFailed, UrlRefreshing } from './Overlays';
import { WorkspaceContext, type WorkspaceContextValue } from './workspace-context';
import { useWorkspaceAddons, WorkspaceAddons } from './WorkspaceAddons';
import './workspace.css';
import { usePhonePanel } from '../hooks/usePhonePanel';
import { useJobQueue } from '../hooks/useJobQueue';
import { isBusy } from '@web/features/canvas-core/workspace-state';
import { useLibraryCards } from '../hooks/useLibraryCards';

interface WorkspaceProps {
  onOpenSettings: () => void;
  onOpenProfile: () => void;
  onOpenLibrary: () => void;
  /** Panels over the workspace that act on it (the side panel's Library adds cards). */
  children?: ReactNode;
}

/** seed 001 §9: a file drop locks card dragging for 100 ms after it ends. */
const DROP_LOCK_MS = 100;
const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer?.types ?? []).includes('Files');

function WorkspaceScreen({ onOpenSettings, onOpenProfile, onOpenLibrary, children }: WorkspaceProps) {
  const ws = useWorkspace();
  const { state, selected } = ws;
  // sessions (save, load, restore, unsaved changes) and the remove tool
  const addons = useWorkspaceAddons(ws);
  const fileInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const canvasZoom = useRef(0.8);
  const [dragDepth, setDragDepth] = useState(0);
  const [dropLock, setDropLock] = useState(false);
  const panel = usePhonePanel(selected ? isBusy(selected) : false);
  useReloadHold(state.images.some((i) => isBusy(i) || i.status === 'uploading'));

  useEffect(() => {
    // the folder picker attribute is not in React's typings
    folderInput.current?.setAttribute('webkitdirectory', '');
    folderInput.current?.setAttribute('directory', '');
  }, []);

  const openFilePicker = useCallback(() => fileInput.current?.click(), []);
  const openFolderPicker = useCallback(() => folderInput.current?.click(), []);

  const getCanvasZoom = useCallback(() => canvasZoom.current, []);
  const queue = useJobQueue(state);
  const library = useLibraryCards(ws);
  const ctx = useMemo<WorkspaceContextValue>(
    () => ({ ...ws, getCanvasZoom, openFilePicker, openFolderPicker, queue, library }),
    [ws, getCanvasZoom, openFilePicker, openFolderPicker, queue, library],
  );
  // written to the DOM, not to state: the canvas moves every frame and the cards need not re-render for it
  const onZoomChange = useCallback((zoom: number) => {
    canvasZoom.current = zoom;
    rootRef.current?.style.setProperty('--u', String(Math.min(3.2, Math.max(0.2, 1 / zoom))));
  }, []);

  useWorkspaceKeys(ws, { openFilePicker, openFolderPicker, onOpenSettings });
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const openShortcuts = useCallback(() => setShortcutsOpen(true), []);
  useSelectionKeys(ws, openShortcuts);

  const onDragEnter = (e: DragEvent) => {
    if (library.handleDrag(e) || !hasFiles(e)) return;
    e.preventDefault();
    setDragDepth((d) => d + 1);
  };
  const onDragOver = (e: DragEvent) => {
    if (library.handleDrag(e) || !hasFiles(e)) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
  };
  const onDragLeave = (e: DragEvent) => {
    if (!hasFiles(e)) return;
    setDragDepth((d) => Math.max(0, d - 1));
  };
  const onDrop = async (e: DragEvent) => {
    if (library.handleDrag(e) || !hasFiles(e)) return;
    e.preventDefault();
    setDragDepth(0);
    setDropLock(true);
    setTimeout(() => setDropLock(false), DROP_LOCK_MS);
    const files = await filesFromDataTransfer(e.dataTransfer);
    void ws.uploadFiles(files);
  };

  const dragging = dragDepth > 0;
  const empty = state.loaded && state.images.length === 0;

  return (
    <WorkspaceContext.Provider value={ctx}>
      <WorkspaceAddons value={addons} selected={selected}>
        <div
          ref={rootRef}
          className="workspace-root relative h-full w-full overflow-hidden bg-[#0b0c0e] text-zinc-200"
          onDragEnter={onDragEnter}
          onDragOver={onDragOver}
          onDragLeave={onDragLeave}
          onDrop={onDrop}
          data-testid="workspace"
        >
          <WorkspaceCanvas dropping={dragging || dropLock} onZoomChange={onZoomChange} settled={addons.sessions.phase === 'ready'} focus={library.focus} />

          {!state.loaded && <LoadingState />}
          {empty && <EmptyState onBrowse={openFilePicker} />}

          {/* floating chrome: toolbar on top, control panel on the left (a bottom sheet on phones) */}
          <div className="pointer-events-none absolute inset-x-0 top-0 z-20 flex justify-center px-3 pt-3 sm:pl-[312px] sm:pr-4">
            <WorkspaceToolbar onOpenSettings={onOpenSettings} onOpenShortcuts={openShortcuts} onOpenLibrary={onOpenLibrary} />
          </div>
          <div className="pointer-events-none absolute z-30 max-sm:inset-x-3 max-sm:bottom-3 max-sm:flex max-sm:max-h-[70%] max-sm:justify-start sm:bottom-4 sm:left-3 sm:top-3 sm:flex sm:flex-col sm:items-start">
            <ControlPanel collapsed={panel.collapsed} onToggle={panel.toggle} onOpenProfile={onOpenProfile} />
          </div>

          <div className="pointer-events-none absolute bottom-4 left-1/2 z-30 flex -translate-x-1/2 flex-col items-center gap-2 max-sm:bottom-20">
            {ws.upload && <UploadProgressCard progress={ws.upload} />}
            {ws.urlRefresh === 'refreshing' && <UrlRefreshing />}
            {ws.urlRefresh === 'failed' && <UrlRefreshFailed onRetry={() => void ws.retryUrlRefresh()} onUseOriginal={ws.useOriginalUrls} />}
          </div>

          {dragging && <DropOverlay />}
          <InspectionViewer />
          <ShortcutsSheet open={shortcutsOpen} onClose={() => setShortcutsOpen(false)} />
          <DeleteCardDialog pending={ws.pendingDelete} onConfirm={ws.confirmRemove} onCancel={ws.cancelRemove} />
          <CompletionOverlay
            image={ws.completed}
            onClose={ws.closeCompleted}
            onDownload={() => {
              const key = ws.completed?.key;
              ws.closeCompleted();
              void ws.download('png', key);
            }}
          />
          {ws.archiveProgress && (
            <BlockingOverlay
              label={`${msg('workspaceDownloading')} · ${msg('workspaceDownloadZipProgress', { files: ws.archiveProgress.files, size: `${(ws.archiveProgress.bytes / 1_048_576).toFixed(1)} MB` })}`}
            />
          )}

          <input
            ref={fileInput}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif,image/bmp,.jpg,.jpeg,.png,.webp,.gif,.bmp"
            multiple
            hidden
            data-testid="file-input"
            onChange={(e) => {
              const files = Array.from(e.target.files ?? []);
              e.target.value = '';
              void ws.uploadFiles(files);
            }}
          />
          <input
            ref={folderInput}
            type="file"
            multiple
            hidden
            data-testid="folder-input"
            onChange={(e) => {
              const files = Array.from(e.target.files ?? []);
              e.target.value = '';
              void ws.uploadFiles(files);
            }}
          />
          {children}
          {selected === null && state.images.length > 0 && (
            <span className="sr-only" aria-live="polite">
              {msg('workspaceNoSelection')}
            </span>
          )}
        </div>
      </WorkspaceAddons>
    </WorkspaceContext.Provider>
  );
}

/**
 * The /enhance workspace. Access rules (signed in, paid plan) are the route guard's job, not this component's.
 * `onOpenSettings` (the toolbar's Settings and its key) and `onOpenProfile` (the control panel's avatar) are the
 * page's to answer: the Profile Settings side panel on its two views.
 */
export function Workspace(props: WorkspaceProps) {
  return (
    <ReactFlowProvider>
      <WorkspaceScreen {...props} />
    </ReactFlowProvider>
  );
}
