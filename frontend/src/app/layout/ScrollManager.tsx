import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long the hash target is kept aligned after the last layout change, and at most. */
export const SETTLE_IDLE_MS = 2000;
export const SETTLE_MAX_MS = 8000;

/**
 * Set on the document by public/theme-init.js when a page is opened on an anchor: scrolling jumps (no smooth scroll)
 * until the target is placed and settled, then in-page links scroll smoothly again.
 */
export const LANDING_ATTRIBUTE = 'data-landing';
const endLanding = () => document.documentElement.removeAttribute(LANDING_ATTRIBUTE);

/** Any of these means the visitor is scrolling or acting on their own: stop re-aligning. */
const USER_INTENT_EVENTS = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;

/**
 * On every navigation: scroll to the hash target when the URL has one, else to the top.
 *
 * A page reached from another page is still settling when its target first exists (lazy chunks, the catalogue's
 * prices, fonts), and what grows above the target would push it down the screen. So the target is kept aligned
 * (its CSS scroll-margin-top clears the fixed header) whenever the page's size changes, until the visitor scrolls
 * or acts, or the layout has been still for 2 s (8 s at most). A link within the same page scrolls smoothly (the
 * CSS scroll-behavior, reduced-motion aware); a new page jumps straight to the target. A page opened on an anchor
 * (a link in a mail, a bookmark) is prerendered: the browser goes to the anchor before the app runs, and a smooth
 * scroll it started there would finish past the section after the app aligned it. The document is `data-landing`
 * from its first script until the target has settled here, so that the browser jumps too: one alignment, the app's.
 */
export function ScrollManager() {
  const { pathname, hash, key, state } = useLocation();
  // A page that moves within itself through the URL (the order wizard's steps) places the view itself.
  const keepScroll = (state as { keepScroll?: boolean } | null)?.keepScroll === true;
  const previousPathname = useRef<string | null>(null);

  useEffect(() => {
    const samePage = previousPathname.current === pathname;
    previousPathname.current = pathname;
    if (samePage && keepScroll) return;
    if (!hash) {
      endLanding();
      window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
      return;
    }

    const id = decodeURIComponent(hash.slice(1));
    let frame = 0;
    let tries = 0;
    let idleTimer = 0;
    let maxTimer = 0;
    let observer: ResizeObserver | null = null;
    let done = false;

    const align = (behavior: ScrollBehavior) => document.getElementById(id)?.scrollIntoView({ block: 'start', behavior });

    const stop = () => {
      if (done) return;
      done = true;
      endLanding();
      window.cancelAnimationFrame(frame);
      window.clearTimeout(idleTimer);
      window.clearTimeout(maxTimer);
      observer?.disconnect();
      for (const type of USER_INTENT_EVENTS) window.removeEventListener(type, stop);
    };
    const stopWhenIdle = () => {
      window.clearTimeout(idleTimer);
      idleTimer = window.setTimeout(stop, SETTLE_IDLE_MS);
    };

    const seek = () => {
      if (!document.getElementById(id)) {
        // Lazy pages render their sections a little later.
        if (tries++ < 60) frame = window.requestAnimationFrame(seek);
        else stop();
        return;
      }
      align(samePage ? 'auto' : 'instant');
      if (typeof ResizeObserver === 'undefined') return stop();
      let initial = true;
      observer = new ResizeObserver(() => {
        // The first call only reports the current size: nothing moved (and a smooth scroll is under way).
        if (initial) {
          initial = false;
          return;
        }
        if (done) return;
        align('instant');
        stopWhenIdle();
      });
      observer.observe(document.body);
      stopWhenIdle();
      maxTimer = window.setTimeout(stop, SETTLE_MAX_MS);
    };

    for (const type of USER_INTENT_EVENTS) window.addEventListener(type, stop, { passive: true });
    seek();
    return stop;
  }, [pathname, hash, key, keepScroll]);

  return null;
}
