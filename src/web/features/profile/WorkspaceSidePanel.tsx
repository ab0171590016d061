/**
 * The workspace's Profile Settings side panel (seed 000 §2): opened from the control panel's avatar or the toolbar's
 * Settings, over the canvas, without leaving /enhance. Four views: Viewports (the saved viewports, as on /profile),
 * Preferences (Settings → General and Notifications, as on /profile), Library (every upload, added to the canvas by
 * a click or a drag; the canvas stays in sight behind it) and Trash (deleted images, restorable for
 * TRASH_RETENTION_DAYS). A sheet from the right, the whole width
 * on a phone; Escape or the close button closes it and focus goes back to what opened it.
 */
import type { RefObject } from 'react';
import { Link } from 'react-router';
import { TabList, TabPanel, Tabs } from '@web/ui/tabs';
import { msg } from '@shared/messages';
import { Sheet, SheetContent, SheetTitle } from '@web/ui/sheet';
import { ViewportsPanel } from '@web/features/sessions/ViewportsPanel';
import { TrashPanel } from '@web/features/trash/TrashPanel';
import { LibraryPanel } from '@web/features/library/LibraryPanel';
import { trashMessages } from '@shared/trash';
import { libraryMessages } from '@shared/library';
import { Preferences } from './Preferences';

export type SidePanelView = 'viewports' | 'settings' | 'library' | 'trash';

/** Below Tailwind's `sm` breakpoint the panel covers the canvas: it closes once a card is added, to show it. */
const coversCanvas = () => window.innerWidth < 640;

export function WorkspaceSidePanel({
  view,
  onViewChange,
  onClose,
  returnFocusTo,
}: {
  /** The open view, or null when the panel is closed. */
  view: SidePanelView | null;
  onViewChange: (view: SidePanelView) => void;
  onClose: () => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  return (
    <Sheet open={view !== null} onOpenChange={(open) => !open && onClose()}>
      <SheetContent
        side="right"
        closeLabel={msg('sidePanelClose')}
        className="w-full max-w-none p-0 sm:w-[480px] sm:max-w-[90vw]"
        // the canvas stays in sight beside the Library, where its cards are dropped
        overlayClassName={view === 'library' ? 'bg-black/25 backdrop-blur-none' : undefined}
        data-testid="side-panel"
        aria-describedby={undefined}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus({ preventScroll: true });
        }}
      >
        <div className="shrink-0 px-5 pb-1 pt-5">
          <SheetTitle className="pr-10 text-lg font-semibold text-white">{msg('sidePanelTitle')}</SheetTitle>
          <Link to="/profile" onClick={onClose} className="text-xs text-violet-300 underline-offset-4 hover:underline">
            {msg('sidePanelFullPage')}
          </Link>
        </div>
        <Tabs value={view ?? 'viewports'} onValueChange={(v) => onViewChange(v as SidePanelView)} className="flex min-h-0 flex-1 flex-col">
          <TabList
            label={msg('sidePanelTitle')}
            tabs={[
              { key: 'viewports', label: msg('sidePanelViewports') },
              { key: 'settings', label: msg('sidePanelPreferences') },
              { key: 'library', label: libraryMessages.title },
              { key: 'trash', label: trashMessages.title },
            ]}
            look="underline"
            className="shrink-0 px-3"
          />
          <TabPanel value="viewports" className="min-h-0 flex-1 overflow-y-auto p-4 outline-none">
            <ViewportsPanel onOpened={onClose} columns="grid-cols-[repeat(auto-fill,minmax(160px,1fr))]" />
          </TabPanel>
          <TabPanel value="settings" className="min-h-0 flex-1 overflow-y-auto p-4 outline-none">
            <Preferences />
          </TabPanel>
          <TabPanel value="library" className="min-h-0 flex-1 overflow-y-auto p-4 outline-none">
            <LibraryPanel onAdded={() => coversCanvas() && onClose()} />
          </TabPanel>
          <TabPanel value="trash" className="min-h-0 flex-1 overflow-y-auto p-4 outline-none">
            <TrashPanel />
          </TabPanel>
        </Tabs>
      </SheetContent>
    </Sheet>
  );
}
