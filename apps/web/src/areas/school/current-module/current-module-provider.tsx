import { useEffect, useMemo, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { toast } from 'sonner';
import type { TModule } from '@app/shared/school';
import { useAuth } from '@/areas/auth/public';
import { getCurrentSemesterModules } from './api/get-current-semester-modules';
import { CurrentModuleContext, type CurrentModuleValue } from './current-module-context';
import { readModuleChoice, writeModuleChoice } from './module-choice';
import { ModuleLoader } from './module-loader';

export interface CurrentModuleProviderProps {
  children: ReactNode;
  /** Tests inject the call and the toast. */
  fetchModules?: () => Promise<TModule[]>;
  showError?: (message: string, toastId: string) => void;
}

const defaultShowError = (message: string, id: string) => {
  toast.error(message, { id });
};

/**
 * Loads the current semester's modules once the user is signed in (spec section 4). Mounted inside
 * the signed-in shell; a new loader is made per user so one account never sees another's pick.
 */
export function CurrentModuleProvider({
  children,
  fetchModules = getCurrentSemesterModules,
  showError = defaultShowError,
}: CurrentModuleProviderProps) {
  const { user, primaryRole, logout } = useAuth();
  const userId = user?.id ?? null;
  // Students cannot switch module, so a stored pick never applies to them.
  const canPick = primaryRole !== null && primaryRole !== 'STUDENT';
  const logoutRef = useRef(logout);
  const depsRef = useRef({ fetchModules, showError });

  useEffect(() => {
    logoutRef.current = logout;
    depsRef.current = { fetchModules, showError };
  });

  const loader = useMemo(
    () =>
      new ModuleLoader({
        fetchModules: () => depsRef.current.fetchModules(),
        showError: (message, id) => depsRef.current.showError(message, id),
        readChoice: () => (userId !== null && canPick ? readModuleChoice(userId) : null),
        writeChoice: (moduleId) => {
          if (userId !== null && canPick) writeModuleChoice(userId, moduleId);
        },
        logout: () => logoutRef.current(),
      }),
    [userId, canPick],
  );

  useEffect(() => {
    if (userId === null) return;
    loader.start();
    return () => loader.stop();
  }, [loader, userId]);

  const state = useSyncExternalStore(loader.subscribe, loader.getState, loader.getState);
  const value = useMemo<CurrentModuleValue>(
    () => ({ module: state.module, modules: state.modules, status: state.status, setModule: loader.setModule, reload: loader.reload }),
    [state, loader],
  );

  return <CurrentModuleContext.Provider value={value}>{children}</CurrentModuleContext.Provider>;
}
