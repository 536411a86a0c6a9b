import { STORAGE_KEYS, THEMES, type TTheme } from '@app/shared/constants';
import { ROLES, type TRole } from '@app/shared/roles';

/**
 * The four localStorage keys of spec section 9. Every read and write goes through here; storage
 * can throw (private mode, quota), which must never break sign-in or rendering.
 */
function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null | undefined): void {
  try {
    if (value === null || value === undefined || value === '') window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Nothing sensible to do: the session simply will not survive a reload.
  }
}

export const storage = {
  getToken: (): string | null => read(STORAGE_KEYS.token),
  setToken: (token: string | null): void => write(STORAGE_KEYS.token, token),

  getPhoto: (): string | null => read(STORAGE_KEYS.photo),
  setPhoto: (url: string | null): void => write(STORAGE_KEYS.photo, url),

  getRole: (): TRole | null => {
    const r = read(STORAGE_KEYS.role);
    return r && (ROLES as readonly string[]).includes(r) ? (r as TRole) : null;
  },
  setRole: (role: TRole | null): void => write(STORAGE_KEYS.role, role),

  getTheme: (): TTheme => {
    const t = read(STORAGE_KEYS.theme);
    return t && (THEMES as readonly string[]).includes(t) ? (t as TTheme) : 'light';
  },
  setTheme: (theme: TTheme): void => write(STORAGE_KEYS.theme, theme),

  /** The module a staff member picked in the header; the loader decides whether it still applies. */
  getSelectedModule: (): string | null => read(STORAGE_KEYS.selectedModuleId),
  setSelectedModule: (value: string | null): void => write(STORAGE_KEYS.selectedModuleId, value),

  /** Spec section 4: a failed check, a 401 and logout all remove token, photo and role. */
  clearSession: (): void => {
    write(STORAGE_KEYS.token, null);
    write(STORAGE_KEYS.photo, null);
    write(STORAGE_KEYS.role, null);
  },
};

export type AppStorage = typeof storage;
