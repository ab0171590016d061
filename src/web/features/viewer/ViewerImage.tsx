/**
 * One version drawn into the view's rectangle. At Fit and below 100 % it is the server-made preview; from 100 % the
 * full file, with the preview kept underneath until the full file has loaded, so zooming in never blanks the image.
 */
import { useEffect, useState, type CSSProperties } from 'react';
import { Loader2 } from 'lucide-react';
import { viewerMessages } from '@shared/viewer';
import { sourceFor, type ViewerVersion } from './viewer-versions';
import type { View } from './view-transform';

interface ViewerImageProps {
  version: ViewerVersion;
  view: View;
  /** The view's zoom in the shown version's pixels: picks the sampling (the file follows this version's own zoom). */
  zoom: number;
  /** Height of the drawn rectangle (the shown version's aspect ratio). */
  height: number;
  testId?: string;
  style?: CSSProperties;
  /** No loading or error notice (the loupe). */
  quiet?: boolean;
}

export function ViewerImage({ version, view, zoom, height, testId, style, quiet }: ViewerImageProps) {
  // the version's own zoom: drawn width over its pixels (a ×2 result beside its upload has twice the pixels)
  const ownZoom = version.width > 0 ? view.width / version.width : zoom;
  const src = sourceFor(version, ownZoom);
  const [loaded, setLoaded] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => setFailed(null), [src]);
  const box: CSSProperties = {
    position: 'absolute',
    left: view.x,
    top: view.y,
    width: view.width,
    height,
    maxWidth: 'none',
    // from 200 % each pixel is drawn as a square, as a pixel inspection needs, not smoothed into its neighbours; decided
    // by the view's zoom, so two versions compared are always drawn the same way
    imageRendering: zoom >= 2 ? 'pixelated' : 'auto',
    ...style,
  };
  const waiting = src !== version.previewUrl && loaded !== src && !failed;
  return (
    <>
      {waiting && version.previewUrl && <img src={version.previewUrl} alt="" aria-hidden draggable={false} style={box} />}
      <img
        key={src}
        src={src}
        alt={version.label}
        draggable={false}
        decoding="async"
        data-testid={testId}
        data-version={version.id}
        data-full={src === version.url ? 'true' : 'false'}
        style={box}
        onLoad={() => setLoaded(src)}
        onError={() => setFailed(src)}
      />
      {waiting && !quiet && (
        <span className="pointer-events-none absolute bottom-3 left-1/2 inline-flex -translate-x-1/2 items-center gap-1.5 rounded-full bg-black/75 px-3 py-1 text-[12px] text-white/90">
          <Loader2 className="h-3.5 w-3.5 animate-spin" />
          {viewerMessages.loading}
        </span>
      )}
      {failed === src && !quiet && (
        <span role="alert" className="absolute bottom-3 left-1/2 -translate-x-1/2 rounded-full bg-red-500/85 px-3 py-1 text-[12px] text-white">
          {viewerMessages.failed}
        </span>
      )}
    </>
  );
}
