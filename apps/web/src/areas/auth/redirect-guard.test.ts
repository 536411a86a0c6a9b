import { describe, expect, it } from 'vitest';
import { normalizePath, RedirectGuard } from './redirect-guard';

function clock(start = 10_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('RedirectGuard', () => {
  it('allows a first redirect', () => {
    const c = clock();
    const g = new RedirectGuard({ now: c.now });
    expect(g.request('guard', '/admin/users', '/')).toEqual({ allowed: true });
  });

  it('ignores a redirect to the current path (query and trailing slash do not matter)', () => {
    const g = new RedirectGuard({ now: clock().now });
    expect(g.request('guard', '/', '/')).toEqual({ allowed: false, reason: 'same-path' });
    expect(g.request('auth', '/admin/dashboard/', '/admin/dashboard?x=1')).toEqual({ allowed: false, reason: 'same-path' });
  });

  it('ignores guard redirects less than 800 ms apart, allows them at 800 ms', () => {
    const c = clock();
    const g = new RedirectGuard({ now: c.now });
    expect(g.request('guard', '/a', '/').allowed).toBe(true);
    c.advance(799);
    expect(g.request('guard', '/b', '/unauthorized')).toEqual({ allowed: false, reason: 'debounced', retryInMs: 1 });
    c.advance(1);
    expect(g.request('guard', '/b', '/unauthorized').allowed).toBe(true);
  });

  it('ignores auth redirects less than 1000 ms apart, allows them at 1000 ms', () => {
    const c = clock();
    const g = new RedirectGuard({ now: c.now });
    expect(g.request('auth', '/', '/admin/dashboard').allowed).toBe(true);
    c.advance(900);
    const d = g.request('auth', '/login', '/teacher/dashboard');
    expect(d).toEqual({ allowed: false, reason: 'debounced', retryInMs: 100 });
    c.advance(100);
    expect(g.request('auth', '/login', '/teacher/dashboard').allowed).toBe(true);
  });

  it('debounces each kind on its own clock', () => {
    const c = clock();
    const g = new RedirectGuard({ now: c.now });
    expect(g.request('auth', '/', '/admin/dashboard').allowed).toBe(true);
    c.advance(10);
    expect(g.request('guard', '/admin/dashboard', '/unauthorized').allowed).toBe(true);
  });

  it('an ignored redirect does not restart the debounce window', () => {
    const c = clock();
    const g = new RedirectGuard({ now: c.now });
    g.request('guard', '/a', '/');
    c.advance(500);
    expect(g.request('guard', '/b', '/').allowed).toBe(false);
    c.advance(300);
    expect(g.request('guard', '/b', '/').allowed).toBe(true);
  });

  it('pauses for 3 s after more than 2 repeats to the same target', () => {
    const c = clock();
    const g = new RedirectGuard({ now: c.now });
    expect(g.request('guard', '/a', '/').allowed).toBe(true); // first
    c.advance(800);
    expect(g.request('guard', '/a', '/').allowed).toBe(true); // repeat 1
    c.advance(800);
    expect(g.request('guard', '/a', '/').allowed).toBe(true); // repeat 2
    c.advance(800);
    expect(g.request('guard', '/a', '/')).toEqual({ allowed: false, reason: 'paused', retryInMs: 3000 }); // repeat 3
    // Everything waits during the pause, whatever the target or kind.
    c.advance(1000);
    expect(g.request('auth', '/x', '/student/dashboard')).toEqual({ allowed: false, reason: 'paused', retryInMs: 2000 });
    c.advance(1999);
    expect(g.request('guard', '/a', '/').allowed).toBe(false);
    c.advance(1);
    expect(g.request('guard', '/a', '/').allowed).toBe(true);
  });

  it('a different target in between resets the repeat count', () => {
    const c = clock();
    const g = new RedirectGuard({ now: c.now });
    for (const target of ['/', '/', '/unauthorized', '/', '/', '/']) {
      expect(g.request('guard', '/a', target).allowed).toBe(true);
      c.advance(800);
    }
  });

  it('redirects to the same target spread over time are not a loop', () => {
    const c = clock();
    const g = new RedirectGuard({ now: c.now });
    for (let i = 0; i < 6; i++) {
      expect(g.request('guard', '/a', '/').allowed).toBe(true);
      c.advance(3000);
    }
  });
});

describe('normalizePath', () => {
  it('drops query, hash and trailing slashes', () => {
    expect(normalizePath('/admin/users/?page=2#top')).toBe('/admin/users');
    expect(normalizePath('/')).toBe('/');
    expect(normalizePath('')).toBe('/');
  });
});
