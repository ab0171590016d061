import { useMemo } from 'react';
import { shortcutsMessages, workspaceShortcuts } from '@shared/shortcuts';
import { Modal } from '@web/ui/dialog';
import { isMacPlatform } from '../lib/shortcut-keys';

const Key = ({ k }: { k: string }) => (
  <kbd className="inline-flex h-6 min-w-6 items-center justify-center rounded border border-white/15 bg-white/[0.06] px-1.5 font-mono text-[11.5px] text-zinc-200">
    {k}
  </kbd>
);

/** The "Keyboard shortcuts" sheet (`?`): every shortcut of the workspace, from the one list in @shared/shortcuts. */
export function ShortcutsSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const groups = useMemo(() => workspaceShortcuts(isMacPlatform()), []);
  return (
    <Modal
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title={shortcutsMessages.shortcutsTitle}
      description={shortcutsMessages.shortcutsBody}
      width={640}
      testId="shortcuts-sheet"
    >
      <div className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
        {groups.map((g) => (
          <section key={g.title} aria-label={g.title}>
            <h3 className="mb-1.5 text-[11px] font-semibold uppercase tracking-wider text-zinc-500">{g.title}</h3>
            <dl className="space-y-1">
              {g.shortcuts.map((s) => (
                <div key={`${g.title}-${s.label}`} className="flex items-start justify-between gap-3 text-[12.5px]" data-testid="shortcut">
                  <dt className="text-zinc-300">{s.label}</dt>
                  <dd className="flex shrink-0 flex-wrap justify-end gap-1">
                    {s.keys.map((k) => (
                      <Key key={k} k={k} />
                    ))}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </Modal>
  );
}
