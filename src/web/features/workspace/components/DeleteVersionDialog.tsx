/**
 * Deleting the version a card shows (a result the user does not keep, e.g. the fill they liked less): asked first,
 * since it goes for good with the versions made from it. The card then shows the newest version left, else the upload.
 */
import { useState } from 'react';
import { toast } from 'sonner';
import { fill, msg } from '@shared/messages';
import { versionChain, versionMessages } from '@shared/versions';
import { canvasButton } from '@web/ui/button';
import { Modal } from '@web/ui/dialog';
import { versionLabelOf, versionsOf, versionSteps, type WorkspaceImage } from '@web/features/canvas-core/workspace-state';
import { workspaceApi } from '../api/workspace-api';
import { toastError } from '../hooks/workspace-core';
import { useWorkspaceContext } from './workspace-context';

/** How many versions were made from `jobId` (their chain passes through it). */
function madeFrom(image: WorkspaceImage, jobId: string): number {
  const steps = versionSteps(image);
  return steps.filter((s) => s.jobId !== jobId && versionChain(steps, s.jobId).some((step) => step.jobId === jobId)).length;
}

export function DeleteVersionDialog({ image, open, onOpenChange }: { image: WorkspaceImage; open: boolean; onOpenChange: (open: boolean) => void }) {
  const ws = useWorkspaceContext();
  const [deleting, setDeleting] = useState(false);
  const version = image.enhanced;
  if (!version?.jobId) return null;
  const derived = madeFrom(image, version.jobId);
  const body = fill(versionMessages.confirmBody, {
    // as the card's Version list names it: "2. Removed 1 object · 1200 × 900"
    label: msg('workspaceVersionOption', {
      n: versionsOf(image).findIndex((v) => v.jobId === version.jobId) + 1,
      chain: versionLabelOf(image, version),
      width: version.width,
      height: version.height,
    }),
    derived: derived === 0 ? '' : derived === 1 ? versionMessages.confirmDerivedOne : fill(versionMessages.confirmDerived, { n: derived }),
  });

  const confirm = async () => {
    setDeleting(true);
    try {
      const { deleted_job_ids } = await workspaceApi.deleteVersion(version.jobId);
      ws.dispatch({ type: 'versionsDeleted', jobIds: deleted_job_ids });
      toast(versionMessages.deleted);
      onOpenChange(false);
    } catch (err) {
      toastError(err instanceof Error ? err.message : msg('unexpectedError'));
    } finally {
      setDeleting(false);
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={(o) => !deleting && onOpenChange(o)}
      title={versionMessages.confirmTitle}
      description={body}
      testId="delete-version-dialog"
    >
      <div className="mt-5 flex justify-end gap-2">
        <button type="button" className={canvasButton.ghost} disabled={deleting} onClick={() => onOpenChange(false)}>
          {versionMessages.cancel}
        </button>
        <button type="button" className={canvasButton.danger} autoFocus disabled={deleting} onClick={() => void confirm()} data-testid="delete-version-confirm">
          {versionMessages.confirm}
        </button>
      </div>
    </Modal>
  );
}
