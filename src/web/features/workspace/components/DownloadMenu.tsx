/**
 * The toolbar's Download menu: each format with the remembered options, the options dialog, and a zip when several
 * cards are selected. The server makes every file (see hooks/useDownloads.ts).
 */
import { useState } from 'react';
import { Download } from 'lucide-react';
import { msg } from '@shared/messages';
import type { DownloadFormat } from '@shared/api/downloads';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '@web/ui/dropdown-menu';
import { useWorkspaceContext } from './workspace-context';
import { DownloadOptionsDialog } from './DownloadOptionsDialog';
import { Tip } from './ToolbarControls';

const ITEMS: { format: DownloadFormat; label: () => string; keys?: string }[] = [
  { format: 'png', label: () => msg('workspaceDownloadPng'), keys: 'D' },
  { format: 'jpeg', label: () => msg('workspaceDownloadJpeg'), keys: 'Shift+D' },
  { format: 'webp', label: () => msg('workspaceDownloadWebp') },
  { format: 'tiff', label: () => msg('workspaceDownloadTiff') },
];

export function DownloadMenu() {
  const ws = useWorkspaceContext();
  const [optionsOpen, setOptionsOpen] = useState(false);
  const { multiSelected, selectedKey } = ws.state;
  const count = multiSelected.length > 0 ? new Set([...multiSelected, ...(selectedKey ? [selectedKey] : [])]).size : 0;

  return (
    <>
      <DropdownMenu>
        <Tip label={msg('workspaceToolDownload')} keys="D">
          <DropdownMenuTrigger asChild>
            <button
              type="button"
              aria-label={msg('workspaceToolDownload')}
              aria-keyshortcuts="D"
              data-testid="tool-download"
              className="flex h-8 w-8 shrink-0 items-center justify-center rounded-md text-zinc-300 hover:bg-white/[0.07] hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-400 data-[state=open]:bg-white/[0.07]"
            >
              <Download className="h-4 w-4" />
            </button>
          </DropdownMenuTrigger>
        </Tip>
        <DropdownMenuContent align="start" className="min-w-[200px]">
          {count > 1 && (
            <>
              <DropdownMenuItem onSelect={() => void ws.download()} data-testid="download-zip">
                {msg('workspaceDownloadZip', { n: count })}
              </DropdownMenuItem>
              <DropdownMenuSeparator />
            </>
          )}
          {ITEMS.map((item) => (
            <DropdownMenuItem
              key={item.format}
              onSelect={() => void ws.download(item.format)}
              className="justify-between"
              data-testid={`download-${item.format}`}
            >
              {item.label()}
              {item.keys && <kbd className="font-mono text-[11px] text-zinc-500">{item.keys}</kbd>}
            </DropdownMenuItem>
          ))}
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setOptionsOpen(true)} data-testid="download-options-open">
            {msg('workspaceDownloadOptions')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <DownloadOptionsDialog
        open={optionsOpen}
        onOpenChange={setOptionsOpen}
        prefs={ws.downloadPrefs}
        onDownload={(prefs) => void ws.download(undefined, undefined, prefs)}
      />
    </>
  );
}
