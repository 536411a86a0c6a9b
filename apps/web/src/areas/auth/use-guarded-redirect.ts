import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAuth } from './auth-context';
import type { RedirectKind } from './redirect-guard';

/**
 * Performs an automatic redirect through the anti-loop guard. A redirect the guard ignores for
 * timing reasons is looked at again once the wait is over (by then the state may have changed),
 * so a debounced guard never leaves a page stuck on its spinner.
 */
export function useGuardedRedirect(kind: RedirectKind, target: string | null, from?: string | null): void {
  const { redirects } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!target) return;
    const decision = redirects.request(kind, pathname, target);
    if (decision.allowed) {
      void navigate(target, { replace: true, state: from ? { from } : undefined });
      return;
    }
    if (decision.reason === 'same-path') return;
    const timer = setTimeout(() => setAttempt((n) => n + 1), decision.retryInMs);
    return () => clearTimeout(timer);
  }, [redirects, navigate, kind, target, from, pathname, attempt]);
}
