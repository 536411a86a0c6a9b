import { useCallback, useState } from 'react';

/**
 * Which row a page is editing or deleting. `editing === 'new'` is the create dialog; the form
 * and confirm dialogs open when their value is not null.
 */
export function useCrudDialogs<T>() {
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  return {
    editing,
    deleting,
    /** The row being edited, or null when creating / closed. */
    editRow: editing !== null && editing !== 'new' ? editing : null,
    openCreate: useCallback(() => setEditing('new'), []),
    openEdit: useCallback((row: T) => setEditing(row), []),
    openDelete: useCallback((row: T) => setDeleting(row), []),
    closeEdit: useCallback(() => setEditing(null), []),
    closeDelete: useCallback(() => setDeleting(null), []),
  };
}
