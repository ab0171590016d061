import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

/** The frame of the account screens and the checkout pages: a centred card with a title, a subtitle and a footer. */
export function AuthShell(props: { title: string; subtitle?: ReactNode; children: ReactNode; footer?: ReactNode; wide?: boolean }) {
  return (
    <div className="flex min-h-[calc(100dvh-var(--nav-height,4rem))] items-center justify-center px-4 py-12">
      <div className={cn('w-full rounded-2xl border border-white/10 bg-zinc-900/60 p-8 shadow-xl shadow-black/30', props.wide ? 'max-w-2xl' : 'max-w-md')}>
        <h1 className="text-2xl font-semibold tracking-tight text-white">{props.title}</h1>
        {props.subtitle && <div className="mt-2 text-sm leading-relaxed text-zinc-400">{props.subtitle}</div>}
        <div className="mt-6">{props.children}</div>
        {props.footer && <div className="mt-6 space-y-2 text-center text-sm text-zinc-400">{props.footer}</div>}
      </div>
    </div>
  );
}
