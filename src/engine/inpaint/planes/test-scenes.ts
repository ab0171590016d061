/**
 * Synthetic perspective scenes with known geometry for the plane tests: a floor plane seen by a level camera
 * (horizon above the picture), rendered with 4×4 supersampling so lines are anti-aliased like a render.
 */

export interface FloorCamera {
  /** Focal length in pixels. */
  f: number;
  /** Principal point x and horizon row (the floor's vanishing line). */
  cx: number;
  horizon: number;
}

export interface Scene {
  w: number;
  h: number;
  rgb: Uint8Array;
  camera: FloorCamera;
}

type Shader = (x: number, y: number) => [number, number, number];

function render(w: number, h: number, shade: Shader): Uint8Array {
  const rgb = new Uint8Array(w * h * 3);
  const S = 4;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let r = 0,
        g = 0,
        b = 0;
      for (let sy = 0; sy < S; sy++)
        for (let sx = 0; sx < S; sx++) {
          const c = shade(x + (sx + 0.5) / S, y + (sy + 0.5) / S);
          r += c[0];
          g += c[1];
          b += c[2];
        }
      const i = (y * w + x) * 3;
      rgb[i] = Math.round(r / (S * S));
      rgb[i + 1] = Math.round(g / (S * S));
      rgb[i + 2] = Math.round(b / (S * S));
    }
  return rgb;
}

/** Floor point (X across, Z depth) seen at image point (x, y); the camera is 1 unit above the floor. */
export function floorPoint(cam: FloorCamera, x: number, y: number): { X: number; Z: number } {
  const Z = cam.f / (y - cam.horizon);
  return { X: ((x - cam.cx) * Z) / cam.f, Z };
}

const frac = (v: number) => v - Math.floor(v);
const hash = (a: number, b: number) => frac(Math.sin(a * 127.1 + b * 311.7) * 43758.5453);

export const PLANK = { width: 0.08, length: 0.6, joint: 0.008 };

/** Wood planks running in depth (their joints converge to (cx, horizon)), cross joints staggered per row. */
export function plankShader(cam: FloorCamera): Shader {
  return (x, y) => {
    const { X, Z } = floorPoint(cam, x, y);
    const row = Math.floor(X / PLANK.width);
    const along = Z + hash(row, 7) * PLANK.length;
    const piece = Math.floor(along / PLANK.length);
    if (frac(X / PLANK.width) * PLANK.width < PLANK.joint || frac(along / PLANK.length) * PLANK.length < PLANK.joint) return [62, 44, 30];
    const tone = hash(row, piece) * 40 - 20;
    const grain = 8 * Math.sin((X * 900 + Math.sin(Z * 40 + row) * 3) * 1.0);
    return [176 + tone + grain, 126 + tone * 0.8 + grain, 82 + tone * 0.5 + grain * 0.6];
  };
}

export const TILE = { size: 0.12, grout: 0.01, angle: Math.PI / 6 };

/**
 * Square tiles rotated by TILE.angle on the floor: both grout families converge to finite vanishing points. With
 * `mixed`, about a third of the tiles, drawn at random, are grey among the white ones, and the grout is darker than
 * both (a joint is where luma dips whatever tiles it runs between).
 */
export function tileShader(cam: FloorCamera, mixed = false): Shader {
  const c = Math.cos(TILE.angle),
    s = Math.sin(TILE.angle);
  return (x, y) => {
    const { X, Z } = floorPoint(cam, x, y);
    const u = X * c - Z * s,
      v = X * s + Z * c;
    if (frac(u / TILE.size) * TILE.size < TILE.grout || frac(v / TILE.size) * TILE.size < TILE.grout) return mixed ? [40, 38, 36] : [88, 84, 80];
    const t = hash(Math.floor(u / TILE.size), Math.floor(v / TILE.size)) * 16;
    if (mixed && hash(Math.floor(v / TILE.size) + 31, Math.floor(u / TILE.size) - 17) > 0.65) return [112 + t, 108 + t, 102 + t];
    return [214 + t, 210 + t, 200 + t];
  };
}

/** Image points of the tiles' two vanishing points (on the horizon). */
export function tileVanishingPoints(cam: FloorCamera): [number, number][] {
  const c = Math.cos(TILE.angle),
    s = Math.sin(TILE.angle);
  // grout lines run along (X, Z) ∝ (s, c) (u constant) and (c, -s) (v constant)
  return [
    [cam.cx + (cam.f * s) / c, cam.horizon],
    [cam.cx + (cam.f * c) / -s, cam.horizon],
  ];
}

export const CAMERA: FloorCamera = { f: 300, cx: 120, horizon: -120 };

export function plankFloor(w = 240, h = 180, cam = CAMERA): Scene {
  return { w, h, camera: cam, rgb: render(w, h, plankShader(cam)) };
}

export function tileFloor(w = 240, h = 180, cam = CAMERA, mixed = false): Scene {
  return { w, h, camera: cam, rgb: render(w, h, tileShader(cam, mixed)) };
}

/** Planks up to a plain back wall standing at depth `wallZ`: the meeting line is the row horizon + f / wallZ. */
export function floorAndWall(w = 240, h = 180, cam = CAMERA, wallZ = 300 / 210): Scene & { meetingRow: number } {
  const meetingRow = cam.horizon + cam.f / wallZ;
  const floor = plankShader(cam);
  const rgb = render(w, h, (x, y) => {
    if (y >= meetingRow) return floor(x, y);
    const n = hash(Math.floor(x), Math.floor(y)) * 4 - 2;
    return [206 + n - y * 0.05, 198 + n - y * 0.05, 182 + n];
  });
  return { w, h, camera: cam, rgb, meetingRow };
}

export function ellipseHole(w: number, h: number, cx: number, cy: number, rx: number, ry: number): Uint8Array {
  const hole = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) if (((x + 0.5 - cx) / rx) ** 2 + ((y + 0.5 - cy) / ry) ** 2 <= 1) hole[y * w + x] = 1;
  return hole;
}

/** The hole painted with an object's colour, so nothing of the original survives inside it. */
export function withObject(rgb: Uint8Array, hole: Uint8Array): Uint8Array {
  const out = Uint8Array.from(rgb);
  for (let i = 0; i < hole.length; i++) if (hole[i]) out.set([20, 140, 230], i * 3);
  return out;
}

/**
 * A street seen along its length, vanishing at `vp`: sky above, two walls and a roadway with a lane line between
 * them, all bounded by lines through the point; posts on the walls and joints across the road repeat at every
 * factor of `RHYTHM` in distance from it, so the picture scaled about the point by that factor is the picture itself
 * (each layer of a fill that scales it is exactly what the hole hid).
 */
export function corridorStreet(w = 320, h = 240, vp: [number, number] = [170, 118]): { w: number; h: number; rgb: Uint8Array; vp: [number, number] } {
  const deg = Math.PI / 180;
  const rgb = render(w, h, (x, y) => {
    const dx = x - vp[0],
      dy = y - vp[1];
    const a = Math.atan2(dy, dx),
      r = Math.max(0.5, Math.hypot(dx, dy));
    const phase = (((Math.log(r) / Math.log(RHYTHM)) % 1) + 1) % 1;
    if (a < -20 * deg && a >= -160 * deg) return [182, 202, 226]; // sky
    if (a >= 25 * deg && a < 155 * deg) {
      if (a >= 86 * deg && a < 94 * deg) return [214, 212, 200]; // lane line
      return phase < 0.08 ? [48, 48, 54] : [92, 92, 98]; // roadway and its joints
    }
    const post = phase < 0.22;
    return a >= -20 * deg && a < 25 * deg ? (post ? [70, 54, 44] : [156, 124, 100]) : post ? [64, 50, 40] : [142, 112, 92];
  });
  return { w, h, rgb, vp };
}

/** Factor of distance from the street's vanishing point between one post (or joint) and the next. */
export const RHYTHM = 1.6;
