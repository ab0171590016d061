import type { ReactNode } from 'react';
import { Tabs as TabsPrimitive } from 'radix-ui';
import { cn } from '../lib/cn';

export const Tabs = TabsPrimitive.Root;
export const TabPanel = TabsPrimitive.Content;

const FOCUS = 'outline-none transition-colors hover:text-white focus-visible:ring-2 focus-visible:ring-violet-400';

/** How a tab list looks: tabs over a line (page sections), a segmented control (sub-sections), or filled pills. */
const LOOKS = {
  underline: {
    list: 'flex gap-1 overflow-x-auto border-b border-white/10',
    tab: `-mb-px whitespace-nowrap border-b-2 border-transparent px-4 py-2 text-sm font-medium text-zinc-400 ${FOCUS} data-[state=active]:border-violet-500 data-[state=active]:text-violet-300`,
  },
  segmented: {
    list: 'flex gap-1 rounded-lg bg-white/[0.04] p-1 ring-1 ring-white/[0.06]',
    tab: `flex-1 rounded-md px-3 py-1.5 text-sm font-medium text-zinc-400 ${FOCUS} data-[state=active]:bg-white/[0.08] data-[state=active]:text-white`,
  },
  pills: {
    list: 'flex flex-wrap gap-1 rounded-xl border border-white/10 bg-zinc-900/60 p-1',
    tab: `rounded-lg px-4 py-2 text-sm font-medium text-zinc-400 ${FOCUS} data-[state=active]:bg-violet-600 data-[state=active]:text-white`,
  },
} as const;

/** A keyboard tab list (arrow keys, Home, End) of named tabs, inside a `Tabs` root. */
export function TabList({
  label,
  tabs,
  look,
  className,
}: {
  label: string;
  tabs: readonly { key: string; label: ReactNode }[];
  look: keyof typeof LOOKS;
  className?: string;
}) {
  return (
    <TabsPrimitive.List aria-label={label} className={cn(LOOKS[look].list, className)}>
      {tabs.map((t) => (
        <TabsPrimitive.Trigger key={t.key} value={t.key} className={LOOKS[look].tab}>
          {t.label}
        </TabsPrimitive.Trigger>
      ))}
    </TabsPrimitive.List>
  );
}
