import { useNavigate } from 'react-router';
import { Workspace } from '@web/features/workspace/components/Workspace';

/**
 * /enhance: the workspace, filling the space under the fixed navigation. The paid-plan guard wraps this page
 * in the router; the page itself assumes a signed-in user.
 */
export function EnhancePage() {
  const navigate = useNavigate();
  return (
    <div className="h-[calc(100dvh-var(--nav-height,4rem))] w-full" data-page="enhance">
      <Workspace onOpenSettings={() => navigate('/profile?tab=settings')} />
    </div>
  );
}

export default EnhancePage;
