import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

/** The heading block every content page opens with. */
export function PageHeader({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: ReactNode }) {
  return (
    <header className="border-b border-white/[0.06] bg-[radial-gradient(ellipse_at_top,rgba(139,92,246,0.12),transparent_60%)]">
      <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6 sm:py-20">
        {eyebrow && <p className="text-xs font-semibold uppercase tracking-[0.16em] text-violet-300">{eyebrow}</p>}
        <h1 className="mt-3 text-balance text-4xl font-semibold leading-tight tracking-tight text-white sm:text-5xl">{title}</h1>
        {children && <div className="mt-4 text-lg leading-relaxed text-zinc-400">{children}</div>}
      </div>
    </header>
  );
}

/** Long-form text (about, legal): readable measure, quiet headings, visible links. */
export function Prose({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      className={cn(
        'mx-auto max-w-3xl px-4 py-14 text-[15px] leading-7 text-zinc-300 sm:px-6',
        '[&_h2]:mt-12 [&_h2]:scroll-mt-20 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:tracking-tight [&_h2]:text-white [&_h2:first-child]:mt-0',
        '[&_h3]:mt-6 [&_h3]:font-semibold [&_h3]:text-zinc-100',
        '[&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-5 [&_li]:marker:text-zinc-600 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-5',
        '[&_a]:text-violet-300 [&_a]:underline [&_a]:underline-offset-4 hover:[&_a]:text-violet-200 [&_strong]:font-semibold [&_strong]:text-zinc-100',
        className,
      )}
    >
      {children}
    </div>
  );
}
