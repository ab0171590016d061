import { cn } from '@web/lib/cn';
import { Picture, type ImageSources } from '@web/ui/picture';

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
  sources,
  sizes,
}: {
  beforeSrc: string;
  afterSrc: string;
  position: number;
  className?: string;
  /** Eager images also load first (fetchpriority high): the first view's largest picture. */
  eager?: boolean;
  /** Smaller widths and AVIF of both images, with the width the frame takes (`sizes`). */
  sources?: { before: ImageSources; after: ImageSources };
  sizes?: string;
}) {
  const loading = eager ? 'eager' : 'lazy';
  return (
    <div aria-hidden className={cn('relative aspect-[4/3] overflow-hidden rounded-lg bg-zinc-900 ring-1 ring-white/10', className)}>
      <Picture
        src={afterSrc}
        sources={sources?.after}
        sizes={sizes}
        fetchPriority={eager ? 'high' : undefined}
        alt=""
        loading={loading}
        draggable={false}
        className="absolute inset-0 size-full object-cover"
      />
      <Picture
        src={beforeSrc}
        sources={sources?.before}
        sizes={sizes}
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
