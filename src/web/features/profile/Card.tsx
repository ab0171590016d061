import type { ReactNode } from 'react';

/** A card of the Profile Settings page: title, optional action at the right, content. */
export function SettingsCard({ title, action, children, testId }: { title: string; action?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <section className="rounded-2xl border border-white/10 bg-zinc-900/50 p-6" data-testid={testId}>
      <div className="flex items-center justify-between gap-4">
        <h2 className="text-lg font-semibold text-white">{title}</h2>
        {action}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** A label and its value; seed 000 §2: 'Not set' when empty. */
export function Detail({ label, value, hint }: { label: string; value: string | null | undefined; hint?: string }) {
  return (
    // min-w-0 and overflow-wrap: a 100-character name wraps inside its column instead of running over the next one
    <div className="min-w-0">
      <dt className="text-xs uppercase tracking-wide text-zinc-500">{label}</dt>
      <dd className={value ? 'mt-1 text-sm text-zinc-100 [overflow-wrap:anywhere]' : 'mt-1 text-sm italic text-zinc-500'}>{value || 'Not set'}</dd>
      {/* a definition list holds only terms and definitions: the hint is a definition of its own */}
      {hint && <dd className="mt-0.5 text-xs text-zinc-500">{hint}</dd>}
    </div>
  );
}
