import { useState, type ReactNode } from 'react';
import { setSwitch, switchOn } from '@web/lib/local-switches';

interface SwitchText {
  label: string;
  description: ReactNode;
  testId?: string;
}

/** A labelled checkbox with a line saying what it does. */
export function SwitchRow({ label, description, testId, checked, onChange }: SwitchText & { checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <div data-testid={testId}>
      <label className="flex items-center gap-2 text-sm text-zinc-200">
        <input type="checkbox" className="size-4 accent-violet-500" checked={checked} onChange={(e) => onChange(e.target.checked)} />
        {label}
      </label>
      <p className="mt-1 text-xs text-zinc-500">{description}</p>
    </div>
  );
}

/** A switch kept in this browser (`@web/lib/local-switches`). */
export function LocalSwitch({ storageKey, ...text }: SwitchText & { storageKey: string }) {
  const [on, setOn] = useState(() => switchOn(storageKey));
  return (
    <SwitchRow
      {...text}
      checked={on}
      onChange={(checked) => {
        setOn(checked);
        setSwitch(storageKey, checked);
      }}
    />
  );
}
