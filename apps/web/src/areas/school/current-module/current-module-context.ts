import { createContext, useContext } from 'react';
import type { TModule } from '@app/shared/school';
import type { ModuleStatus } from './module-loader';

export interface CurrentModuleValue {
  /** The module pages work in: the user's pick, else the current one, else the first, else null. */
  module: TModule | null;
  /** The modules of the current semester. */
  modules: TModule[];
  setModule: (moduleId: number) => void;
  /** Reloads the list; skipped within 1.5 s of the last load unless forced. */
  reload: (force?: boolean) => Promise<void>;
  status: ModuleStatus;
}

export const CurrentModuleContext = createContext<CurrentModuleValue | null>(null);

export function useCurrentModule(): CurrentModuleValue {
  const ctx = useContext(CurrentModuleContext);
  if (!ctx) throw new Error('useCurrentModule must be used inside <CurrentModuleProvider>');
  return ctx;
}
