import { cn } from '../lib/cn';

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span
      role="status"
      aria-label={label}
      className={cn('inline-block size-6 animate-spin rounded-full border-2 border-zinc-700 border-t-violet-400', className)}
    />
  );
}

/** Full-area spinner for guards and pages waiting on the session. */
export function FullAreaSpinner(props: { label?: string }) {
  return (
    <div className="flex min-h-[40vh] items-center justify-center">
      <Spinner className="size-8" label={props.label ?? 'Loading'} />
    </div>
  );
}
