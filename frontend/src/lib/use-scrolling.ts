import { useEffect, useState } from 'react';

/** Spec §10: a scroll movement of more than 10 px counts as scrolling; the state is reset 150 ms after the last one. */
export const SCROLL_THRESHOLD_PX = 10;
export const SCROLL_RESET_MS = 150;

export interface ScrollState {
  /** The page is more than 10 px from its top. */
  scrolled: boolean;
  /** The page is moving: more than 10 px since the movement began, until 150 ms without a scroll event. */
  scrolling: boolean;
}

/**
 * Follows the window's scroll: `scrolled` for the header's shadow, `scrolling` for what pauses while the page moves
 * (the hero's particles). One passive listener; no state change while nothing changes.
 */
export function useScrollState(): ScrollState {
  const [state, setState] = useState<ScrollState>(() => ({
    scrolled: typeof window !== 'undefined' && window.scrollY > SCROLL_THRESHOLD_PX,
    scrolling: false,
  }));
  useEffect(() => {
    // Where the current movement began: the position at rest.
    let origin = window.scrollY;
    let timer = 0;
    const update = (next: ScrollState) =>
      setState((current) => (current.scrolled === next.scrolled && current.scrolling === next.scrolling ? current : next));
    const onScroll = () => {
      const y = window.scrollY;
      const scrolled = y > SCROLL_THRESHOLD_PX;
      update({ scrolled, scrolling: Math.abs(y - origin) > SCROLL_THRESHOLD_PX });
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        origin = window.scrollY;
        update({ scrolled: window.scrollY > SCROLL_THRESHOLD_PX, scrolling: false });
      }, SCROLL_RESET_MS);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.clearTimeout(timer);
    };
  }, []);
  return state;
}
