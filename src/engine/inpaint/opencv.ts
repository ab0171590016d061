import { createRequire } from 'node:module';

// The OpenCV.js typings are large and loose; the few calls we make are typed at their use.
export type OpenCv = any;

const require = createRequire(import.meta.url);
let loading: Promise<{ cv: OpenCv }> | undefined;

/**
 * Loads OpenCV.js once. The Emscripten module is itself a thenable whose `then` resolves with itself,
 * so it must never be returned from a promise (that loops forever): it travels boxed in `{ cv }`.
 * Its Node glue also installs process-wide uncaughtException/unhandledRejection handlers that abort the
 * whole process; they are removed again so the host application keeps its own error handling.
 */
async function loadOpenCv(): Promise<{ cv: OpenCv }> {
  loading ??= new Promise<{ cv: OpenCv }>((resolve) => {
    const before = {
      uncaught: process.listeners('uncaughtException'),
      rejection: process.listeners('unhandledRejection'),
    };
    const cv = require('@techstark/opencv-js');
    for (const l of process.listeners('uncaughtException')) if (!before.uncaught.includes(l)) process.off('uncaughtException', l);
    for (const l of process.listeners('unhandledRejection')) if (!before.rejection.includes(l)) process.off('unhandledRejection', l);
    if (cv.calledRun) return resolve({ cv });
    // WebAssembly compilation alone does not keep Node's event loop alive.
    const keepAlive = setInterval(() => undefined, 50);
    cv.onRuntimeInitialized = () => {
      clearInterval(keepAlive);
      resolve({ cv });
    };
  });
  // returned boxed: an async function returning the thenable module would chase its `then` forever
  return loading;
}

/** Telea fast-marching inpainting of an RGB image (interleaved, 8-bit); `hole` is 1 inside the region. */
export async function teleaInpaint(rgb: Uint8Array, hole: Uint8Array, width: number, height: number, radius = 5): Promise<Uint8Array> {
  const { cv } = await loadOpenCv();
  const src = new cv.Mat(height, width, cv.CV_8UC3);
  const mask = new cv.Mat(height, width, cv.CV_8UC1);
  const dst = new cv.Mat();
  try {
    src.data.set(rgb);
    const m = mask.data as Uint8Array;
    for (let i = 0; i < hole.length; i++) m[i] = hole[i] ? 255 : 0;
    cv.inpaint(src, mask, dst, radius, cv.INPAINT_TELEA);
    return Uint8Array.from(dst.data as Uint8Array);
  } finally {
    src.delete();
    mask.delete();
    dst.delete();
  }
}
