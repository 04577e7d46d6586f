import { act, renderHook } from '@testing-library/react';
import { SCROLL_RESET_MS, useScrollState } from './use-scrolling';

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  window.dispatchEvent(new Event('scroll'));
}

describe('useScrollState (spec: more than 10 px counts as scrolling, reset after 150 ms)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });
  afterEach(() => vi.useRealTimers());

  it('does not count a movement of 10 px or less', () => {
    const { result } = renderHook(() => useScrollState());
    act(() => scrollTo(6));
    act(() => scrollTo(10));
    expect(result.current).toEqual({ scrolled: false, scrolling: false });
  });

  it('counts a movement of more than 10 px, then resets 150 ms after the last scroll event', () => {
    const { result } = renderHook(() => useScrollState());
    act(() => scrollTo(5));
    act(() => scrollTo(40));
    expect(result.current).toEqual({ scrolled: true, scrolling: true });
    act(() => vi.advanceTimersByTime(SCROLL_RESET_MS - 10));
    act(() => scrollTo(60));
    act(() => vi.advanceTimersByTime(SCROLL_RESET_MS - 10));
    expect(result.current.scrolling).toBe(true);
    act(() => vi.advanceTimersByTime(10));
    expect(result.current).toEqual({ scrolled: true, scrolling: false });
  });

  it('measures each movement from where it began', () => {
    const { result } = renderHook(() => useScrollState());
    act(() => scrollTo(500));
    act(() => vi.advanceTimersByTime(SCROLL_RESET_MS));
    act(() => scrollTo(505));
    expect(result.current).toEqual({ scrolled: true, scrolling: false });
  });
});
