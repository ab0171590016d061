/**
 * The workspace's Profile Settings side panel (seed 000 §2): opened from the control panel's avatar or the toolbar's
 * Settings, over the canvas, without leaving /enhance. Two views: Viewports (the saved viewports, as on /profile)
 * and Preferences (Settings → General and Notifications, as on /profile). A sheet from the right, the whole width
 * on a phone; Escape or the close button closes it and focus goes back to what opened it.
 */
import type { RefObject } from 'react';
import { Link } from 'react-router';
import { Tabs } from 'radix-ui';
import { msg } from '@shared/messages';
import { Sheet, SheetContent, SheetTitle } from '@web/ui/sheet';
import { ViewportsPanel } from '@web/features/sessions/ViewportsPanel';
import { Preferences } from './Preferences';

export type SidePanelView = 'viewports' | 'settings';

const tab =
  '-mb-px whitespace-nowrap border-b-2 border-transparent px-3 py-2 text-sm font-medium text-zinc-400 outline-none transition-colors hover:text-white focus-visible:ring-2 focus-visible:ring-violet-400 data-[state=active]:border-violet-500 data-[state=active]:text-violet-300';

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
        <Tabs.Root value={view ?? 'viewports'} onValueChange={(v) => onViewChange(v as SidePanelView)} className="flex min-h-0 flex-1 flex-col">
          <Tabs.List aria-label={msg('sidePanelTitle')} className="flex shrink-0 gap-1 border-b border-white/10 px-3">
            <Tabs.Trigger value="viewports" className={tab}>
              {msg('sidePanelViewports')}
            </Tabs.Trigger>
            <Tabs.Trigger value="settings" className={tab}>
              {msg('sidePanelPreferences')}
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="viewports" className="min-h-0 flex-1 overflow-y-auto p-4 outline-none">
            <ViewportsPanel onOpened={onClose} columns="grid-cols-[repeat(auto-fill,minmax(160px,1fr))]" />
          </Tabs.Content>
          <Tabs.Content value="settings" className="min-h-0 flex-1 overflow-y-auto p-4 outline-none">
            <Preferences />
          </Tabs.Content>
        </Tabs.Root>
      </SheetContent>
    </Sheet>
  );
}
