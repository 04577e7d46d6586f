import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetApiState } from '../api/http';

// A lazy page's first render compiles its module: on a busy 2-core CI machine that passed the default 1 s of findBy*.
configure({ asyncUtilTimeout: 5000 });

// jsdom does not implement scrolling.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
Element.prototype.scrollIntoView = vi.fn();

afterEach(() => {
  cleanup();
  resetApiState();
  window.localStorage.clear();
  document.cookie = 'vitrine_session=; Max-Age=0; Path=/';
  document.documentElement.classList.remove('dark');
  // Files share one window (isolate: false): a test that scrolled leaves the next at the top.
  Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
});
