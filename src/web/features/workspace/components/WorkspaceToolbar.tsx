import { TooltipProvider } from '@web/ui/tooltip';
import {
  Brush,
  Columns2,
  Eraser,
  Eye,
  FolderOpen,
  FolderUp,
  Keyboard,
  LayoutGrid,
  Library,
  Minus,
  Plus,
  Save,
  Settings,
  SquareDashedMousePointer,
  SquareStack,
  Upload,
  Wrench,
} from 'lucide-react';
import { shortcutsMessages } from '@shared/shortcuts';
import { msg } from '@shared/messages';
import { ZOOM_DEFAULT, ZOOM_MAX, ZOOM_MIN } from '@web/features/canvas-core/zoom';
import { useWorkspaceContext } from './workspace-context';
import { DownloadMenu } from './DownloadMenu';
import { Divider, Tip, ToolButton } from './ToolbarControls';
import { isMacPlatform } from '../lib/shortcut-keys';
import { useSessionsContext } from '@web/features/sessions/useWorkspaceSessions';
import { SessionName, SessionSaveButton } from '@web/features/sessions/components/SessionMenu';
import { useRemoveToolContext } from '@web/features/remove-tool/useRemoveTool';
import { hasMask } from '@web/features/remove-tool/lib/strokes';
import { openViewportManager } from '@web/features/sessions/viewport-manager-window';
import { libraryMessages } from '@shared/library';

export function WorkspaceToolbar({
  onOpenSettings,
  onOpenShortcuts,
  onOpenLibrary,
}: {
  onOpenSettings: () => void;
  onOpenShortcuts: () => void;
  onOpenLibrary: () => void;
}) {
  const ws = useWorkspaceContext();
  const sessions = useSessionsContext();
  const removeTool = useRemoveToolContext();
  const { selected, live } = ws;
  const zoom = selected?.zoom ?? ZOOM_DEFAULT;
  const later = msg('workspaceComingNext');
  const hasEnhanced = Boolean(selected?.enhanced);

  const setZoom = (z: number) => selected && ws.dispatch({ type: 'setZoom', key: selected.key, zoom: z });

  return (
    <TooltipProvider delayDuration={300}>
      <div
        role="toolbar"
        aria-label="Workspace tools"
        // a phone scrolls the tools sideways (the canvas needs the height); wider windows wrap them onto a second row
        // rather than hide any out of sight
        className="pointer-events-auto flex max-w-full flex-wrap items-center justify-center gap-0.5 rounded-xl border border-white/10 bg-[#16171b] p-1 shadow-[0_16px_48px_-12px_rgba(0,0,0,0.7)] [scrollbar-width:none]"
      >
        <ToolButton label={msg('workspaceToolUpload')} keys="U" icon={<Upload className="h-4 w-4" />} onClick={ws.openFilePicker} testId="tool-upload" />
        <ToolButton
          label={msg('workspaceToolUploadFolder')}
          keys="Shift+U"
          icon={<FolderUp className="h-4 w-4" />}
          onClick={ws.openFolderPicker}
          testId="tool-upload-folder"
        />
        <DownloadMenu />
        {sessions ? (
          <SessionSaveButton sessions={sessions} label={msg('workspaceToolSave')} />
        ) : (
          <ToolButton label={msg('workspaceToolSave')} keys="S" icon={<Save className="h-4 w-4" />} disabled disabledHint={later} />
        )}
        <ToolButton label={libraryMessages.title} icon={<Library className="h-4 w-4" />} onClick={onOpenLibrary} testId="tool-library" />
        <Divider />
        <ToolButton
          label={shortcutsMessages.selectAllLabel}
          keys={isMacPlatform() ? '⌘+A' : 'Ctrl+A'}
          icon={<SquareStack className="h-4 w-4" />}
          onClick={() => ws.dispatch({ type: 'selectAll' })}
          disabled={ws.state.images.length === 0}
          testId="tool-select-all"
        />
        <ToolButton
          label={msg('workspaceToolBrush')}
          keys="B"
          icon={<Brush className="h-4 w-4" />}
          onClick={removeTool?.toggle}
          pressed={removeTool?.active ?? false}
          disabled={!removeTool || !selected}
          testId="tool-brush"
        />
        <ToolButton
          label={msg('workspaceToolMask')}
          keys="M"
          icon={<SquareDashedMousePointer className="h-4 w-4" />}
          onClick={removeTool?.openModal}
          disabled={!removeTool || !selected}
          testId="tool-mask"
        />
        <ToolButton
          label={msg('workspaceToolClearMask')}
          keys="X"
          icon={<Eraser className="h-4 w-4" />}
          onClick={removeTool?.clear}
          disabled={!removeTool || !hasMask(removeTool.mask)}
          testId="tool-clear-mask"
        />
        <Divider />
        <ToolButton
          label={msg('workspaceToolZoomOut')}
          keys="−"
          icon={<Minus className="h-4 w-4" />}
          onClick={() => setZoom(Math.max(ZOOM_MIN, zoom - 50))}
          disabled={!selected || zoom <= ZOOM_MIN}
        />
        <Tip label={msg('workspaceToolZoomReset')} keys="0">
          <button
            type="button"
            onClick={() => setZoom(ZOOM_DEFAULT)}
            disabled={!selected}
            aria-label={msg('workspaceToolZoomReset')}
            data-testid="zoom-readout"
            className="h-8 w-14 shrink-0 rounded-md font-mono text-[12px] tabular-nums text-zinc-300 hover:bg-white/[0.07] focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-400 disabled:opacity-40"
          >
            {zoom}%
          </button>
        </Tip>
        <ToolButton
          label={msg('workspaceToolZoomIn')}
          keys="+"
          icon={<Plus className="h-4 w-4" />}
          onClick={() => setZoom(Math.min(ZOOM_MAX, zoom + 50))}
          disabled={!selected || zoom >= ZOOM_MAX}
        />
        <Divider />
        <ToolButton
          label={msg('workspaceToolCompare')}
          keys="C"
          icon={<Columns2 className="h-4 w-4" />}
          pressed={hasEnhanced && selected?.view === 'compare'}
          disabled={!hasEnhanced}
          onClick={() => selected && ws.dispatch({ type: 'setView', key: selected.key, view: 'compare' })}
        />
        <ToolButton
          label={msg('workspaceToolPreview')}
          keys="P"
          icon={<Eye className="h-4 w-4" />}
          pressed={hasEnhanced && selected?.view === 'preview'}
          disabled={!hasEnhanced}
          onClick={() => selected && ws.dispatch({ type: 'setView', key: selected.key, view: 'preview' })}
        />
        <Divider />
        <ToolButton
          label={msg('workspaceToolLoadSession')}
          keys="O"
          icon={<FolderOpen className="h-4 w-4" />}
          onClick={sessions?.openLoadDialog}
          disabled={!sessions}
          disabledHint={later}
          testId="tool-load-session"
        />
        <ToolButton
          label={msg('workspaceToolViewports')}
          keys="V"
          icon={<LayoutGrid className="h-4 w-4" />}
          onClick={openViewportManager}
          testId="tool-viewports"
        />
        <ToolButton label={msg('workspaceToolFixStuck')} keys="F" icon={<Wrench className="h-4 w-4" />} onClick={ws.fixStuck} />
        <ToolButton label={msg('workspaceToolSettings')} keys="," icon={<Settings className="h-4 w-4" />} onClick={onOpenSettings} />
        <ToolButton
          label={shortcutsMessages.shortcutsToolLabel}
          keys="?"
          icon={<Keyboard className="h-4 w-4" />}
          onClick={onOpenShortcuts}
          testId="tool-shortcuts"
        />
        <Divider />
        {sessions ? (
          <SessionName sessions={sessions} />
        ) : (
          <span className="max-w-[160px] shrink-0 truncate px-2 text-[12px] text-zinc-400">{msg('workspaceUntitledSession')}</span>
        )}
        <Tip label={live === 'connected' ? msg('workspaceLiveConnected') : msg('workspaceLiveDisconnected')}>
          <span
            className="flex shrink-0 items-center gap-1.5 px-2 text-[11px] font-medium uppercase tracking-wider text-zinc-500"
            data-testid="live-state"
            data-state={live}
          >
            <span
              className={`h-1.5 w-1.5 rounded-full ${live === 'connected' ? 'bg-emerald-400 shadow-[0_0_6px_rgba(52,211,153,0.8)]' : live === 'connecting' ? 'bg-amber-400' : 'bg-red-400'}`}
            />
            {live === 'connected' ? msg('workspaceLive') : msg('workspaceOffline')}
          </span>
        </Tip>
      </div>
    </TooltipProvider>
  );
}
