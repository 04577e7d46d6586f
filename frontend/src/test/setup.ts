import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
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

// What React scheduled before the file's last cleanup (a root task queued with setImmediate, which runs before the
// next timer) runs while the DOM still exists: a worker's environment is torn down after its last file, and a task run
// after that read `window` and failed the run ("window is not defined", a CI run on a busy machine).
afterAll(async () => {
  for (let turn = 0; turn < 3; turn += 1) await new Promise((resolve) => setTimeout(resolve, 0));
});
