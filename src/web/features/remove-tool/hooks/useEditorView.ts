/** The masking window's view (where the picture is drawn and how large), the stage's size, and the moves that change it. */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { fitView, panBy, stepZoom, zoomAbout, zoomAtCentre, zoomOf, zoomRange, type Point, type Size, type View } from '../lib/editor-view';

export interface EditorView {
  view: View;
  stage: Size;
  /** Drawn width ÷ the picture's pixel width: 1 is 100 %. */
  zoom: number;
  range: { min: number; max: number };
  fit: () => void;
  zoomTo: (zoom: number, at?: Point) => void;
  zoomBy: (factor: number, at: Point) => void;
  step: (direction: 1 | -1) => void;
  pan: (dx: number, dy: number) => void;
}

/** `stageEl` is the element the picture is drawn in; at Fit the view fits again when the stage changes size. */
export function useEditorView(stageEl: HTMLElement | null, picture: Size): EditorView {
  const [stage, setStage] = useState<Size>({ width: 0, height: 0 });
  const [state, setState] = useState<{ view: View; fitted: boolean }>({ view: { x: 0, y: 0, width: 0 }, fitted: true });
  const live = useRef({ picture, stage });
  live.current = { picture, stage };

  useLayoutEffect(() => {
    const el = stageEl;
    if (!el) return;
    const measure = () => {
      const r = el.getBoundingClientRect();
      setStage((s) => (s.width === r.width && s.height === r.height ? s : { width: r.width, height: r.height }));
    };
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [stageEl]);

  useEffect(() => {
    setState((s) =>
      s.fitted
        ? { view: fitView(picture, stage), fitted: true }
        : { view: zoomAbout(s.view, zoomOf(s.view, picture), { x: 0, y: 0 }, picture, stage), fitted: false },
    );
  }, [stage, picture.width, picture.height]);

  const set = useCallback((fn: (v: View, picture: Size, stage: Size) => View) => {
    const { picture: p, stage: st } = live.current;
    setState((s) => {
      const view = fn(s.view, p, st);
      return { view, fitted: Math.abs(view.width - fitView(p, st).width) < 0.5 };
    });
  }, []);

  const fit = useCallback(() => {
    const { picture: p, stage: st } = live.current;
    setState({ view: fitView(p, st), fitted: true });
  }, []);
  const zoomTo = useCallback((zoom: number, at?: Point) => set((v, p, st) => (at ? zoomAbout(v, zoom, at, p, st) : zoomAtCentre(v, zoom, p, st))), [set]);
  const zoomBy = useCallback((factor: number, at: Point) => set((v, p, st) => zoomAbout(v, zoomOf(v, p) * factor, at, p, st)), [set]);
  const step = useCallback((direction: 1 | -1) => set((v, p, st) => zoomAtCentre(v, stepZoom(zoomOf(v, p), direction, zoomRange(p, st)), p, st)), [set]);
  const pan = useCallback((dx: number, dy: number) => set((v, p, st) => panBy(v, dx, dy, p, st)), [set]);

  return { view: state.view, stage, zoom: zoomOf(state.view, picture), range: zoomRange(picture, stage), fit, zoomTo, zoomBy, step, pan };
}
