import type { TFormValues } from '@app/shared/forms';

/**
 * The form a student is filling, kept in the browser as they type (one per account) so a lost
 * connection or a closed tab loses nothing; the server keeps its own draft too. Storage may throw
 * (private mode, quota): a draft that cannot be written is simply not kept.
 */
export interface LocalDraft {
  kindId: number;
  clientKey: string;
  values: TFormValues;
  savedAt: string;
}

const keyOf = (userId: number | null | undefined) => `sf_form_draft:${userId ?? 'unknown'}`;

export function loadLocalDraft(userId: number | null | undefined): LocalDraft | null {
  try {
    const raw = window.localStorage.getItem(keyOf(userId));
    if (!raw) return null;
    const d = JSON.parse(raw) as Partial<LocalDraft>;
    return typeof d.kindId === 'number' && typeof d.clientKey === 'string' && d.values && typeof d.values === 'object'
      ? (d as LocalDraft)
      : null;
  } catch {
    return null;
  }
}

export function saveLocalDraft(userId: number | null | undefined, d: Omit<LocalDraft, 'savedAt'>): void {
  try {
    window.localStorage.setItem(keyOf(userId), JSON.stringify({ ...d, savedAt: new Date().toISOString() }));
  } catch {
    // Not kept; the form keeps working.
  }
}

export function clearLocalDraft(userId: number | null | undefined): void {
  try {
    window.localStorage.removeItem(keyOf(userId));
  } catch {
    // Nothing to do.
  }
}

export const newClientKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `k-${Date.now()}-${Math.random().toString(36).slice(2)}`;
