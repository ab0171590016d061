/**
 * The control panel's open state across layouts (seed 001 §9: mobile breakpoint 640 px). A phone starts with the
 * canvas, a desktop with the panel; crossing the breakpoint gives each layout its default again, the user's toggle
 * holds until the next crossing. On a phone the panel is a bottom sheet over the canvas: when a job starts on the
 * selected card it steps aside, so the card and its progress can be seen.
 */
import { useEffect, useRef, useState } from 'react';

const MOBILE_QUERY = '(max-width: 639px)';

const isPhone = () => typeof window !== 'undefined' && Boolean(window.matchMedia?.(MOBILE_QUERY).matches);

export function usePhonePanel(selectedBusy: boolean) {
  const [collapsed, setCollapsed] = useState(isPhone);
  useEffect(() => {
    const query = typeof window !== 'undefined' ? window.matchMedia?.(MOBILE_QUERY) : undefined;
    if (!query) return;
    const onChange = (e: MediaQueryListEvent) => setCollapsed(e.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  const wasBusy = useRef(selectedBusy);
  useEffect(() => {
    if (selectedBusy && !wasBusy.current && isPhone()) setCollapsed(true);
    wasBusy.current = selectedBusy;
  }, [selectedBusy]);

  return { collapsed, toggle: () => setCollapsed((c) => !c) };
}
