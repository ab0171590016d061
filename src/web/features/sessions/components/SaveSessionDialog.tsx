import { useEffect, useState } from 'react';
import { Loader2 } from 'lucide-react';
import { msg } from '@shared/messages';
import { SESSION_NAME_MAX } from '@shared/viewports';
import { canvasButton } from '@web/ui/button';
import { Modal } from '@web/ui/dialog';

/**
 * seed 000 §2: 'Save New Session' or 'Save Session'; field 'Session Name' ('Enter session name...'); Cancel and
 * Save; 'Saving...' while busy; Enter submits; Save is disabled when the name is empty or a save runs.
 */
export function SaveSessionDialog({
  open,
  title,
  busy,
  initialName = '',
  onSubmit,
  onCancel,
}: {
  open: boolean;
  title: string;
  busy: boolean;
  initialName?: string;
  onSubmit: (name: string) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState(initialName);
  useEffect(() => {
    if (open) setName(initialName);
  }, [open, initialName]);
  const trimmed = name.trim();
  const disabled = trimmed.length === 0 || busy;

  return (
    <Modal open={open} onOpenChange={(o) => !o && !busy && onCancel()} title={title} testId="save-session-dialog">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!disabled) onSubmit(trimmed);
        }}
      >
        <label htmlFor="session-name" className="mb-1.5 block text-[12.5px] font-medium text-zinc-300">
          {msg('sessionNameLabel')}
        </label>
        <input
          id="session-name"
          autoFocus
          value={name}
          maxLength={SESSION_NAME_MAX}
          onChange={(e) => setName(e.target.value)}
          placeholder={msg('sessionNamePlaceholder')}
          disabled={busy}
          className="h-10 w-full rounded-lg border border-white/10 bg-black/30 px-3 text-[14px] text-zinc-100 placeholder:text-zinc-500 focus:border-violet-400/70 focus:outline-none focus:ring-2 focus:ring-violet-400/30"
        />
        <div className="mt-5 flex justify-end gap-2">
          <button type="button" className={canvasButton.ghost} onClick={onCancel} disabled={busy}>
            {msg('sessionCancel')}
          </button>
          <button type="submit" className={canvasButton.primary} disabled={disabled}>
            {busy && <Loader2 className="h-4 w-4 animate-spin" />}
            {busy ? msg('sessionSaving') : msg('sessionSave')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
