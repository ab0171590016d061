import { useEffect, useState, type RefObject } from 'react';
import { LOAD_TIMEOUT_MS, loadState, type SideLoad } from './slider-position';

const INITIAL_LOAD: SideLoad = { before: 'loading', enhanced: 'loading', timedOut: false };

/** The slider's two images: loaded when the frame nears the viewport, timed out, and retried with a fresh URL. */
export function useSliderLoad(frameRef: RefObject<HTMLDivElement | null>, eager: boolean) {
  const [active, setActive] = useState(eager);
  const [attempt, setAttempt] = useState(0);
  const [load, setLoad] = useState<SideLoad>(INITIAL_LOAD);
  const state = loadState(load);

  // Offscreen sliders wait until they come near, so the timeout only measures a load that has really started.
  useEffect(() => {
    if (active) return;
    const el = frameRef.current;
    if (!el || typeof IntersectionObserver === 'undefined') {
      setActive(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setActive(true);
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [active]);

  useEffect(() => {
    if (!active || state !== 'loading') return;
    const timer = window.setTimeout(() => setLoad((l) => ({ ...l, timedOut: true })), LOAD_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [active, attempt, state]);

  const retry = () => {
    setLoad(INITIAL_LOAD);
    setAttempt((a) => a + 1);
  };

  const srcFor = (src: string) => (attempt === 0 ? src : `${src}${src.includes('?') ? '&' : '?'}retry=${attempt}`);

  return { active, attempt, load, state, setLoad, retry, srcFor };
}
