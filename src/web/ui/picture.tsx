import type { ImgHTMLAttributes } from 'react';

/** The same image at several widths, as AVIF and WebP `srcset` lists (widest first is not required). */
export interface ImageSources {
  avif: string;
  webp: string;
}

/**
 * An image that lets the browser pick its width and format: AVIF where it is understood, WebP otherwise, at the
 * width `sizes` asks for. Without `sources` it is a plain `<img>`. The `<picture>` takes no box of its own
 * (`display: contents`), so the image lays out exactly as a bare `<img>` would.
 */
export function Picture({ sources, sizes, ...img }: ImgHTMLAttributes<HTMLImageElement> & { sources?: ImageSources; sizes?: string }) {
  if (!sources) return <img {...img} />;
  return (
    <picture className="contents">
      <source type="image/avif" srcSet={sources.avif} sizes={sizes} />
      <img {...img} srcSet={sources.webp} sizes={sizes} />
    </picture>
  );
}
