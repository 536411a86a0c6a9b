import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS, THEMES } from '@app/shared/constants';
// eslint-disable-next-line no-restricted-imports -- index.html sits outside src/, where the @/ alias cannot reach
import indexHtml from '../../index.html?raw';
// eslint-disable-next-line no-restricted-imports -- public/ sits outside src/, where the @/ alias cannot reach
import themeInit from '../../public/theme-init.js?raw';
import { storage } from './storage';
import { getTheme, setTheme } from './theme';

/** Runs public/theme-init.js, as the browser does from <head> before the first paint. */
function runThemeInit() {
  new Function(themeInit)();
}

describe('theme', () => {
  it('defaults to light and ignores unknown values', () => {
    expect(getTheme()).toBe('light');
    localStorage.setItem(STORAGE_KEYS.theme, 'neon');
    expect(storage.getTheme()).toBe('light');
  });

  it('setTheme stores the choice and applies it to <html>', () => {
    setTheme('dark-gray');
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe('dark-gray');
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark-gray');
    expect(getTheme()).toBe('dark-gray');
  });

  it('index.html loads the theme script in <head>, blocking, before the app bundle', () => {
    const head = indexHtml.slice(0, indexHtml.indexOf('</head>'));
    expect(head).toMatch(/<script src="\/theme-init\.js"><\/script>/);
    expect(indexHtml.indexOf('theme-init.js')).toBeLessThan(indexHtml.indexOf('/src/main.tsx'));
  });

  it.each(THEMES)('the index.html script applies a stored %s before the app loads', (theme) => {
    document.documentElement.removeAttribute('data-theme');
    localStorage.setItem(STORAGE_KEYS.theme, theme);
    runThemeInit();
    expect(document.documentElement.getAttribute('data-theme')).toBe(theme);
  });

  it('the index.html script falls back to light', () => {
    localStorage.setItem(STORAGE_KEYS.theme, 'bogus');
    runThemeInit();
    expect(document.documentElement.getAttribute('data-theme')).toBe('light');
  });
});
