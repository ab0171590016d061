import type { MouseEvent } from 'react';
import { shellMessages } from '@shared/shell-messages';

/** The id of the site frame's `<main>`, which the skip link moves the focus to (a window of its own: its one `<main>`). */
export const MAIN_ID = 'main-content';

/**
 * "Skip to content", the first stop of the Tab key on every page: hidden until focused, it moves the focus past the
 * navigation to the page's `<main>` (scrolled into view) without touching the URL, so the router does not navigate.
 */
export function SkipLink() {
  const skip = (e: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_ID) ?? document.querySelector('main');
    if (!main) return;
    e.preventDefault();
    if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
    main.focus({ preventScroll: false });
  };
  return (
    <a
      href={`#${MAIN_ID}`}
      onClick={skip}
      className="sr-only z-[60] rounded-md bg-violet-600 px-4 py-2 text-sm font-medium text-white outline-none focus:not-sr-only focus:fixed focus:left-4 focus:top-3 focus-visible:ring-2 focus-visible:ring-white"
    >
      {shellMessages.skipToContent}
    </a>
  );
}
