import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, vi } from 'vitest';

// The first render of a route imports its lazy page module; on a loaded CI machine that can take
// longer than findBy's default 1 s. Waiting longer changes no assertion, only how long to wait.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no matchMedia; default to a desktop-width window. Tests that need a phone override it.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string) => mediaQueryList(query, true),
  });
}

export function mediaQueryList(query: string, matches: boolean): MediaQueryList {
  return {
    matches,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  };
}

// jsdom does not scroll, and says so on every call: the shell's ScrollRestoration scrolls on every
// navigation. Tests of scrolling put their own spy over this.
window.scrollTo = () => {};

// Headless UI's anchored panels measure with ResizeObserver, which jsdom lacks.
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { value: ResizeObserverStub, configurable: true });
  Object.defineProperty(globalThis, 'ResizeObserver', { value: ResizeObserverStub, configurable: true });
}

afterEach(() => {
  cleanup();
  // sonner keeps toasts in a module-level store and replays active ones to a new Toaster.
  toast.dismiss();
  window.localStorage.clear();
  vi.useRealTimers();
});
