import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { setSession } from '../api/http';

// jsdom does not implement scrolling.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
Element.prototype.scrollIntoView = vi.fn();

afterEach(() => {
  cleanup();
  setSession(null);
  window.localStorage.clear();
  document.cookie = 'vitrine_session=; Max-Age=0; Path=/';
  document.documentElement.classList.remove('dark');
});
