import { TIMING } from '@app/shared/constants';

/**
 * Anti-loop rules for automatic redirects (spec sections 4 and 9):
 * - a redirect less than 800 ms (route guard) or 1000 ms (auth) after the previous one of its kind
 *   is ignored;
 * - a redirect to the current path is ignored;
 * - after more than 2 repeats to the same target (a 4th redirect there in a row), redirecting pauses
 *   for 3 s.
 * "In a row" means each redirect follows the previous one to that target by less than
 * `repeatWindowMs` (default 3 s); without a window a user who is sent to / now and then during a
 * long visit would eventually trip the pause although nothing loops.
 * User actions (logout, clicking a link) do not go through this guard.
 */
export type RedirectKind = 'guard' | 'auth';

export type RedirectDecision =
  { allowed: true } | { allowed: false; reason: 'same-path' } | { allowed: false; reason: 'debounced' | 'paused'; retryInMs: number };

export interface RedirectGuardOptions {
  now?: () => number;
  debounceMs?: Record<RedirectKind, number>;
  pauseMs?: number;
  maxRepeats?: number;
  repeatWindowMs?: number;
}

export function normalizePath(path: string): string {
  const pathname = path.split(/[?#]/)[0] || '/';
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

export class RedirectGuard {
  private readonly now: () => number;
  private readonly debounceMs: Record<RedirectKind, number>;
  private readonly pauseMs: number;
  private readonly maxRepeats: number;
  private readonly repeatWindowMs: number;

  private lastAt: Record<RedirectKind, number> = { guard: -Infinity, auth: -Infinity };
  private lastTarget: string | null = null;
  private lastTargetAt = -Infinity;
  private repeats = 0;
  private pausedUntil = -Infinity;

  constructor(options: RedirectGuardOptions = {}) {
    this.now = options.now ?? (() => Date.now());
    this.debounceMs = options.debounceMs ?? {
      guard: TIMING.redirectDebounceMs[0],
      auth: TIMING.redirectDebounceMs[1],
    };
    this.pauseMs = options.pauseMs ?? TIMING.redirectLoopPauseMs;
    this.maxRepeats = options.maxRepeats ?? TIMING.redirectLoopMaxRepeats;
    this.repeatWindowMs = options.repeatWindowMs ?? TIMING.redirectLoopPauseMs;
  }

  /** Decides whether a redirect from `currentPath` to `target` may happen now; records it if so. */
  request(kind: RedirectKind, currentPath: string, target: string): RedirectDecision {
    const now = this.now();
    const to = normalizePath(target);
    if (normalizePath(currentPath) === to) return { allowed: false, reason: 'same-path' };
    if (now < this.pausedUntil) return { allowed: false, reason: 'paused', retryInMs: this.pausedUntil - now };

    const since = now - this.lastAt[kind];
    if (since < this.debounceMs[kind]) {
      return { allowed: false, reason: 'debounced', retryInMs: this.debounceMs[kind] - since };
    }

    const isRepeat = to === this.lastTarget && now - this.lastTargetAt < this.repeatWindowMs;
    const repeats = isRepeat ? this.repeats + 1 : 0;
    if (repeats > this.maxRepeats) {
      this.pausedUntil = now + this.pauseMs;
      this.repeats = 0;
      this.lastTarget = null;
      return { allowed: false, reason: 'paused', retryInMs: this.pauseMs };
    }

    this.repeats = repeats;
    this.lastTarget = to;
    this.lastTargetAt = now;
    this.lastAt[kind] = now;
    return { allowed: true };
  }
}
