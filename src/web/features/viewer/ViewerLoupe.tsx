/**
 * The loupe: a round magnifier at the pointer (above a finger), showing the version under it at twice the view's zoom (at least
 * 200 %), from the full file.
 */
import type { ViewerVersion } from './viewer-versions';
import type { Point, View } from './view-transform';
import { ViewerImage } from './ViewerImage';

/** Diameter in CSS pixels; smaller on a phone, where it would hide most of the screen. */
const SIZE = 200;
const PHONE_SIZE = 130;

export function ViewerLoupe({
  version,
  view,
  at,
  zoom,
  phone,
  touch,
}: {
  version: ViewerVersion;
  view: View;
  at: Point;
  zoom: number;
  phone: boolean;
  touch: boolean;
}) {
  const size = phone ? PHONE_SIZE : SIZE;
  // twice the view, and never below 200 % of the version's pixels
  const factor = Math.max(2, 2 / Math.max(zoom, 0.01));
  // the point under the pointer, drawn at the loupe's centre
  const width = view.width * factor;
  const loupeView: View = { width, x: size / 2 - (at.x - view.x) * factor, y: size / 2 - (at.y - view.y) * factor };
  const height = width * (version.height / (version.width || 1));
  return (
    <div
      className="pointer-events-none absolute overflow-hidden rounded-full bg-[#0b0c0e] shadow-[0_12px_40px_rgba(0,0,0,0.7)] ring-2 ring-white/80"
      // under a finger it sits above the touch, or the finger would hide it
      style={{ width: size, height: size, left: at.x - size / 2, top: at.y - size / 2 - (touch ? size * 0.75 : 0) }}
      data-testid="viewer-loupe"
      aria-hidden
    >
      <ViewerImage version={version} view={loupeView} zoom={zoom * factor} height={height} quiet />
    </div>
  );
}
