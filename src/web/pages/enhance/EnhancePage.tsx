import { useRef, useState } from 'react';
import { Workspace } from '@web/features/workspace/components/Workspace';
import { WorkspaceSidePanel, type SidePanelView } from '@web/features/profile/WorkspaceSidePanel';

/**
 * /enhance: the workspace, filling the space under the fixed navigation, and its Profile Settings side panel over
 * the canvas. The paid-plan guard wraps this page in the router; the page itself assumes a signed-in user.
 */
export function EnhancePage() {
  const [panel, setPanel] = useState<SidePanelView | null>(null);
  // closed, the panel hands focus back to what opened it (the avatar, the toolbar's Settings)
  const opener = useRef<HTMLElement | null>(null);
  const open = (view: SidePanelView) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setPanel(view);
  };
  return (
    <div className="h-[calc(100dvh-var(--nav-height,4rem))] w-full" data-page="enhance">
      {/* inside the workspace: the panel's Library adds cards to its canvas */}
      <Workspace onOpenSettings={() => open('settings')} onOpenProfile={() => open('viewports')} onOpenLibrary={() => open('library')}>
        <WorkspaceSidePanel view={panel} onViewChange={setPanel} onClose={() => setPanel(null)} returnFocusTo={opener} />
      </Workspace>
    </div>
  );
}

export default EnhancePage;
