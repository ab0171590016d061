import type { ReactNode } from 'react';

/** One section of the admin panel: a titled card with its own anchor for the panel's navigation. */
export function AdminCard({ id, title, description, children }: { id: string; title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-28 rounded-2xl border border-white/10 bg-zinc-900/50 p-6">
      <h2 id={`${id}-title`} className="text-lg font-semibold text-white">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-zinc-400">{description}</p>}
      <div className="mt-5">{children}</div>
    </section>
  );
}
