import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** Which sides of a horizontally scrollable element have hidden content. */
function edgesOf(element: HTMLElement): { start: boolean; end: boolean } {
  const max = element.scrollWidth - element.clientWidth;
  return { start: element.scrollLeft > 1, end: element.scrollLeft < max - 1 };
}

/**
 * Wide content (tables) scrolls sideways inside its own box, never widening the page. A shadow fades in on each
 * side that has more content, and the box becomes focusable (arrow keys scroll it) only while it overflows.
 *
 * The scroller is `relative` on purpose: visually hidden labels (`sr-only`, absolutely positioned) inside a table
 * otherwise escape the scroller and widen the whole document.
 */
export function ScrollArea({ children, label, className }: { children: ReactNode; label?: string; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ start: false, end: false });

  const measure = useCallback(() => {
    const element = ref.current;
    if (!element) return;
    const next = edgesOf(element);
    setEdges((current) => (current.start === next.start && current.end === next.end ? current : next));
  }, []);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [measure]);

  const overflowing = edges.start || edges.end;

  return (
    <div className={cn('relative', className)}>
      <div
        ref={ref}
        onScroll={measure}
        // Focusable only when there is something to scroll to (WCAG 2.1.1; axe scrollable-region-focusable).
        tabIndex={overflowing ? 0 : undefined}
        role={overflowing ? 'region' : undefined}
        aria-label={overflowing ? label : undefined}
        className="relative overflow-x-auto overscroll-x-contain focus-visible:outline-offset-[-2px]"
      >
        {children}
      </div>
      <ScrollShadow edge="start" shown={edges.start} />
      <ScrollShadow edge="end" shown={edges.end} />
    </div>
  );
}

/** The shadow on one edge, shown while there is more to scroll to that side. */
function ScrollShadow({ edge, shown }: { edge: 'start' | 'end'; shown: boolean }) {
  return (
    <div
      aria-hidden="true"
      data-scroll-shadow={edge}
      className={cn(
        'pointer-events-none absolute inset-y-0 w-8 from-slate-900/15 to-transparent transition-opacity duration-200 dark:from-black/60',
        edge === 'start' ? 'left-0 bg-linear-to-r' : 'right-0 bg-linear-to-l',
        shown ? 'opacity-100' : 'opacity-0',
      )}
    />
  );
}
