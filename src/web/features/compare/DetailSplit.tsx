import { cn } from '@web/lib/cn';

/**
 * A zoomed crop shown beside a slider, split at the same position so both views move together. It is decoration
 * for sighted users; the slider it follows carries the accessible value.
 */
export function DetailSplit({
  beforeSrc,
  afterSrc,
  position,
  className,
  eager = false,
}: {
  beforeSrc: string;
  afterSrc: string;
  position: number;
  className?: string;
  eager?: boolean;
}) {
  const loading = eager ? 'eager' : 'lazy';
  return (
    <div aria-hidden className={cn('relative aspect-[4/3] overflow-hidden rounded-lg bg-zinc-900 ring-1 ring-white/10', className)}>
      <img src={afterSrc} alt="" loading={loading} draggable={false} className="absolute inset-0 size-full object-cover" />
      <img
        src={beforeSrc}
        alt=""
        loading={loading}
        draggable={false}
        style={{ clipPath: `inset(0 ${100 - position}% 0 0)` }}
        className="absolute inset-0 size-full object-cover"
      />
      <div className="absolute inset-y-0 w-px -translate-x-1/2 bg-white/80" style={{ left: `${position}%` }} />
    </div>
  );
}
