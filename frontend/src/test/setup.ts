import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { unstable_IdlePriority, unstable_scheduleCallback } from 'scheduler';
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

// A worker's environment is torn down after its last file, and a task React still had queued then (a root's render or
// its passive effects, run by React's scheduler through setImmediate) read `window` and failed the run ("window is not
// defined", CI runs on a busy machine, after a few timer turns had been let go by). The scheduler runs its queue by
// priority: a callback of the lowest priority runs only once every task queued before it, and every task those queued
// in turn, has run. Waiting for one, then a timer turn for what a settled promise schedules, a few times over, leaves
// nothing of React's behind.
const schedulerIdle = () =>
  new Promise<void>((resolve) => {
    unstable_scheduleCallback(unstable_IdlePriority, () => resolve());
  });

afterAll(async () => {
  for (let turn = 0; turn < 3; turn += 1) {
    await schedulerIdle();
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
});
