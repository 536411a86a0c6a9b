import { useSyncExternalStore } from 'react';
import type { TTheme } from '@app/shared/constants';
import { storage } from './storage';

/**
 * The theme (spec section 4): light, dark-blue or dark-gray, kept in local storage, default light,
 * applied as data-theme on <html>. index.html applies the stored value before the first paint.
 */
const listeners = new Set<() => void>();

export function applyTheme(theme: TTheme): void {
  document.documentElement.setAttribute('data-theme', theme);
}

export function getTheme(): TTheme {
  return storage.getTheme();
}

export function setTheme(theme: TTheme): void {
  storage.setTheme(theme);
  applyTheme(theme);
  for (const l of [...listeners]) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTheme(): TTheme {
  return useSyncExternalStore(subscribe, getTheme, () => 'light' as TTheme);
}
