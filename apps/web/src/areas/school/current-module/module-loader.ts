import type { TModule } from '@app/shared/school';
import { TIMING } from '@app/shared/constants';
import { MSG } from '@app/shared/messages';
import { isUnauthorized } from './api/get-current-semester-modules';

export type ModuleStatus = 'idle' | 'loading' | 'success' | 'error';

export interface ModuleState {
  /** idle until the first load starts (the 500 ms delay after sign-in). */
  status: ModuleStatus;
  modules: TModule[];
  module: TModule | null;
}

export const MODULE_TOAST_IDS = { sessionExpired: 'module-session-expired', loadFailed: 'module-load-failed' } as const;

export interface ModuleLoaderDeps {
  fetchModules: () => Promise<TModule[]>;
  /** The module id the user picked earlier, if it should apply (staff only). */
  readChoice: () => number | null;
  writeChoice: (moduleId: number | null) => void;
  showError: (message: string, toastId: string) => void;
  /** Ends the session; called 1 s after the module session message. */
  logout: () => void;
  now?: () => number;
}

/**
 * Spec section 4: the picked module while it is still listed, else the one flagged isCurrent,
 * else the first, else none.
 */
export function chooseModule(modules: readonly TModule[], pickedId: number | null): TModule | null {
  const picked = pickedId === null ? undefined : modules.find((m) => m.id === pickedId);
  return picked ?? modules.find((m) => m.isCurrent) ?? modules[0] ?? null;
}

type Listener = () => void;

const INITIAL: ModuleState = Object.freeze({ status: 'idle', modules: [], module: null }) as ModuleState;

/**
 * The current-module store (used through useSyncExternalStore). Timing rules of spec section 9:
 * the first load waits 500 ms after sign-in, reloads within 1.5 s of the last one are skipped
 * unless forced, and a 401 is retried once before the session is ended.
 */
export class ModuleLoader {
  private state: ModuleState = INITIAL;
  private readonly listeners = new Set<Listener>();
  private readonly now: () => number;
  private lastLoadAt = -Infinity;
  private inflight: Promise<void> | null = null;
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  /** Bumped by stop() so an answer arriving after unmount or logout is dropped. */
  private generation = 0;
  private running = false;
  /** This session's pick; null when none, undefined until the stored one has been read. */
  private picked: number | null | undefined = undefined;

  constructor(private readonly deps: ModuleLoaderDeps) {
    this.now = deps.now ?? (() => Date.now());
  }

  getState = (): ModuleState => this.state;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(next: Partial<ModuleState>): void {
    this.state = { ...this.state, ...next };
    for (const l of [...this.listeners]) l();
  }

  private later(fn: () => void, ms: number): void {
    const t = setTimeout(() => {
      this.timers.delete(t);
      fn();
    }, ms);
    this.timers.add(t);
  }

  /** Schedules the first load. Safe to call again after stop() (React StrictMode remounts). */
  start(): void {
    if (this.running) return;
    this.running = true;
    // Not forced: a page that asked for the modules during the delay has already loaded them.
    this.later(() => void this.reload(), TIMING.moduleInitialDelayMs);
  }

  stop(): void {
    this.running = false;
    this.generation++;
    this.inflight = null;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  /**
   * Loads the module list. Skipped within 1.5 s of the last load unless forced; a forced reload
   * during a load runs once more after it, so a page that just created a module sees it.
   */
  reload = (force = false): Promise<void> => {
    if (!this.running) return Promise.resolve();
    if (this.inflight) return force ? this.inflight.then(() => this.reload(true)) : this.inflight;
    if (!force && this.now() - this.lastLoadAt < TIMING.moduleReloadThrottleMs) return Promise.resolve();
    const run = this.load(this.generation);
    const tracked = run.finally(() => {
      if (this.inflight === tracked) this.inflight = null;
    });
    this.inflight = tracked;
    return tracked;
  };

  /** Picks a module from the list (staff switching module) and remembers it. */
  setModule = (moduleId: number): void => {
    const found = this.state.modules.find((m) => m.id === moduleId);
    if (!found || found === this.state.module) return;
    this.picked = moduleId;
    this.deps.writeChoice(moduleId);
    this.set({ module: found });
  };

  private async load(generation: number): Promise<void> {
    this.lastLoadAt = this.now();
    this.set({ status: 'loading' });
    for (let attempt = 0; ; attempt++) {
      try {
        const modules = await this.deps.fetchModules();
        if (generation !== this.generation) return;
        this.applyList(modules);
        return;
      } catch (error) {
        if (generation !== this.generation) return;
        if (isUnauthorized(error)) {
          if (attempt < TIMING.moduleUnauthorizedRetryLimit) continue;
          this.set({ status: 'error' });
          this.deps.showError(MSG.moduleSessionExpired, MODULE_TOAST_IDS.sessionExpired);
          this.later(() => this.deps.logout(), TIMING.moduleLogoutDelayMs);
          return;
        }
        // The list shown so far stays usable; only the status says the refresh failed.
        this.set({ status: 'error' });
        this.deps.showError(MSG.moduleLoadFailed, MODULE_TOAST_IDS.loadFailed);
        return;
      }
    }
  }

  private applyList(modules: TModule[]): void {
    // Only a module the user picked overrides the isCurrent flag; a pick no longer listed is dropped.
    const picked = this.picked ?? this.deps.readChoice();
    const stillListed = picked !== null && modules.some((m) => m.id === picked);
    if (picked !== null && !stillListed) {
      this.picked = null;
      this.deps.writeChoice(null);
    }
    this.set({ status: 'success', modules, module: chooseModule(modules, stillListed ? picked : null) });
  }
}
