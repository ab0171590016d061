import { useState, type ReactNode } from 'react';
import { setSwitch, switchOn } from '@web/lib/local-switches';

/** A switch kept in this browser (`@web/lib/local-switches`), with its label and a line saying what it does. */
export function LocalSwitch({ storageKey, label, description, testId }: { storageKey: string; label: string; description: ReactNode; testId?: string }) {
  const [on, setOn] = useState(() => switchOn(storageKey));
  return (
    <div data-testid={testId}>
      <label className="flex items-center gap-2 text-sm text-zinc-200">
        <input
          type="checkbox"
          className="size-4 accent-violet-500"
          checked={on}
          onChange={(e) => {
            setOn(e.target.checked);
            setSwitch(storageKey, e.target.checked);
          }}
        />
        {label}
      </label>
      <p className="mt-1 text-xs text-zinc-500">{description}</p>
    </div>
  );
}
