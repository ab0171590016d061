/** The workspace toolbar's controls: a tooltip naming a tool and its key, an icon button with one, and a divider. */
import type { ReactNode } from 'react';
import { Tooltip, TooltipContent, TooltipTrigger } from '@web/ui/tooltip';

export function Tip({ label, keys, children }: { label: string; keys?: string; children: ReactNode }) {
  return (
    <Tooltip delayDuration={350}>
      <TooltipTrigger asChild>{children}</TooltipTrigger>
      <TooltipContent side="bottom" sideOffset={8} className="flex items-center gap-2 bg-[#1d1e23]">
        {label}
        {keys && <kbd className="rounded border border-white/15 bg-white/5 px-1.5 font-mono text-[11px] text-zinc-400">{keys}</kbd>}
      </TooltipContent>
    </Tooltip>
  );
}

export function ToolButton({
  label,
  keys,
  icon,
  onClick,
  disabled,
  pressed,
  disabledHint,
  testId,
}: {
  label: string;
  keys?: string;
  icon: ReactNode;
  onClick?: () => void;
  disabled?: boolean;
  pressed?: boolean;
  disabledHint?: string;
  testId?: string;
}) {
  return (
    <Tip label={disabled && disabledHint ? `${label} · ${disabledHint}` : label} keys={disabled ? undefined : keys}>
      {/* a wrapper keeps the tooltip on disabled buttons, which get no pointer events */}
      <span className="inline-flex">
        <button
          type="button"
          aria-label={label}
          aria-pressed={pressed}
          aria-keyshortcuts={keys}
          disabled={disabled}
          onClick={onClick}
          data-testid={testId}
          className={`flex h-8 w-8 shrink-0 items-center justify-center rounded-md transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-400 disabled:pointer-events-none disabled:opacity-30 ${
            pressed ? 'bg-violet-500/20 text-violet-200' : 'text-zinc-300 hover:bg-white/[0.07] hover:text-white'
          }`}
        >
          {icon}
        </button>
      </span>
    </Tip>
  );
}

export const Divider = () => <span className="mx-1 h-5 w-px shrink-0 bg-white/10" aria-hidden />;
