import { storage } from '@/lib/storage';

/**
 * The stored pick is tied to the user who made it, so another account signing in on the same
 * browser starts from the current module instead of someone else's choice.
 */
export function readModuleChoice(userId: number): number | null {
  const raw = storage.getSelectedModule();
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object' && 'userId' in parsed && 'moduleId' in parsed) {
      const { userId: owner, moduleId } = parsed as { userId: unknown; moduleId: unknown };
      if (owner === userId && typeof moduleId === 'number' && Number.isInteger(moduleId)) return moduleId;
    }
  } catch {
    // A hand-edited or old value is treated as no pick.
  }
  return null;
}

export function writeModuleChoice(userId: number, moduleId: number | null): void {
  storage.setSelectedModule(moduleId === null ? null : JSON.stringify({ userId, moduleId }));
}

/**
 * Staff switch module; a student's module is always the current one. Here rather than beside the
 * picker so the header can ask without loading the picker (Headless UI) up front.
 */
export function showsModulePicker(primaryRole: string | null): boolean {
  return primaryRole !== null && primaryRole !== 'STUDENT';
}
