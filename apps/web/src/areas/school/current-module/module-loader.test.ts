import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@app/shared/messages';
import type { TModule } from '@app/shared/school';
import { ModulesUnauthorizedError } from './api/get-current-semester-modules';
import { makeModule } from '@/test/fixtures';
import { chooseModule, MODULE_TOAST_IDS, ModuleLoader, type ModuleLoaderDeps } from './module-loader';

const LIST = [makeModule(1), makeModule(2, { isCurrent: true }), makeModule(3)];

function setup(overrides: Partial<ModuleLoaderDeps> = {}) {
  let stored: number | null = null;
  const deps = {
    fetchModules: vi.fn<() => Promise<TModule[]>>(() => Promise.resolve(LIST)),
    readChoice: vi.fn(() => stored),
    writeChoice: vi.fn((id: number | null) => {
      stored = id;
    }),
    showError: vi.fn(),
    logout: vi.fn(),
    ...overrides,
  };
  const loader = new ModuleLoader({ ...deps, now: () => Date.now() });
  return { loader, deps, setStored: (id: number | null) => (stored = id) };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('chooseModule (spec section 4)', () => {
  it('the picked module while listed, else isCurrent, else the first, else none', () => {
    expect(chooseModule(LIST, 3)?.id).toBe(3);
    expect(chooseModule(LIST, 99)?.id).toBe(2);
    expect(chooseModule(LIST, null)?.id).toBe(2);
    expect(chooseModule([makeModule(7), makeModule(8)], null)?.id).toBe(7);
    expect(chooseModule([], 1)).toBeNull();
  });
});

describe('ModuleLoader timing', () => {
  it('waits 500 ms after start before the first load', async () => {
    const { loader, deps } = setup();
    loader.start();
    expect(loader.getState().status).toBe('idle');
    await vi.advanceTimersByTimeAsync(499);
    expect(deps.fetchModules).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(deps.fetchModules).toHaveBeenCalledTimes(1);
    expect(loader.getState()).toMatchObject({ status: 'success', modules: LIST, module: LIST[1] });
  });

  it('skips reloads within 1.5 s of the last load unless forced', async () => {
    const { loader, deps } = setup();
    loader.start();
    await vi.advanceTimersByTimeAsync(500);
    expect(deps.fetchModules).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(1000);
    await loader.reload();
    expect(deps.fetchModules).toHaveBeenCalledTimes(1);

    await loader.reload(true);
    expect(deps.fetchModules).toHaveBeenCalledTimes(2);

    await vi.advanceTimersByTimeAsync(1499);
    await loader.reload();
    expect(deps.fetchModules).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    await loader.reload();
    expect(deps.fetchModules).toHaveBeenCalledTimes(3);
  });

  it('a page asking during the delay loads at once, and the delayed load is then skipped', async () => {
    const { loader, deps } = setup();
    loader.start();
    await vi.advanceTimersByTimeAsync(100);
    await loader.reload();
    expect(deps.fetchModules).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(400);
    expect(deps.fetchModules).toHaveBeenCalledTimes(1);
  });

  it('a forced reload during a load runs once more afterwards; a plain one shares it', async () => {
    let release!: (v: TModule[]) => void;
    const fetchModules = vi.fn(
      () =>
        new Promise<TModule[]>((resolve) => {
          release = resolve;
        }),
    );
    const { loader } = setup({ fetchModules });
    loader.start();
    await vi.advanceTimersByTimeAsync(500);
    const shared = loader.reload();
    const forced = loader.reload(true);
    expect(fetchModules).toHaveBeenCalledTimes(1);
    release(LIST);
    await shared;
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchModules).toHaveBeenCalledTimes(2);
    release([...LIST, makeModule(4)]);
    await forced;
    expect(loader.getState().modules).toHaveLength(4);
  });

  it('stop() cancels the pending first load and drops a late answer', async () => {
    const { loader, deps } = setup();
    loader.start();
    loader.stop();
    await vi.advanceTimersByTimeAsync(2000);
    expect(deps.fetchModules).not.toHaveBeenCalled();
    expect(loader.getState().status).toBe('idle');
  });
});

describe('ModuleLoader choice', () => {
  it('a stored pick wins while it is still listed, and survives a reload', async () => {
    const { loader, setStored } = setup();
    setStored(3);
    loader.start();
    await vi.advanceTimersByTimeAsync(500);
    expect(loader.getState().module?.id).toBe(3);
    await loader.reload(true);
    expect(loader.getState().module?.id).toBe(3);
  });

  it('setModule remembers the pick; a pick no longer listed falls back to isCurrent and is forgotten', async () => {
    const fetchModules = vi.fn(() => Promise.resolve(LIST));
    const { loader, deps } = setup({ fetchModules });
    loader.start();
    await vi.advanceTimersByTimeAsync(500);
    loader.setModule(1);
    expect(loader.getState().module?.id).toBe(1);
    expect(deps.writeChoice).toHaveBeenLastCalledWith(1);

    loader.setModule(42); // not in the list: ignored
    expect(loader.getState().module?.id).toBe(1);

    fetchModules.mockResolvedValueOnce([makeModule(2, { isCurrent: true }), makeModule(3)]);
    await loader.reload(true);
    expect(loader.getState().module?.id).toBe(2);
    expect(deps.writeChoice).toHaveBeenLastCalledWith(null);
  });

  it('without a pick the module follows the isCurrent flag across reloads; an empty list gives none', async () => {
    const fetchModules = vi.fn(() => Promise.resolve(LIST));
    const { loader } = setup({ fetchModules });
    loader.start();
    await vi.advanceTimersByTimeAsync(500);
    expect(loader.getState().module?.id).toBe(2);
    fetchModules.mockResolvedValueOnce([makeModule(1), makeModule(3, { isCurrent: true })]);
    await loader.reload(true);
    expect(loader.getState().module?.id).toBe(3);
    fetchModules.mockResolvedValueOnce([]);
    await loader.reload(true);
    expect(loader.getState()).toMatchObject({ status: 'success', modules: [], module: null });
  });
});

describe('ModuleLoader failures (spec section 8)', () => {
  it('a single 401 is retried and the retry’s answer is used', async () => {
    const fetchModules = vi
      .fn<() => Promise<TModule[]>>()
      .mockRejectedValueOnce(new ModulesUnauthorizedError())
      .mockResolvedValueOnce(LIST);
    const { loader, deps } = setup({ fetchModules });
    loader.start();
    await vi.advanceTimersByTimeAsync(500);
    expect(fetchModules).toHaveBeenCalledTimes(2);
    expect(loader.getState().status).toBe('success');
    expect(deps.showError).not.toHaveBeenCalled();
    expect(deps.logout).not.toHaveBeenCalled();
  });

  it('a second 401: the module session message, then logout after 1 s', async () => {
    const fetchModules = vi.fn<() => Promise<TModule[]>>(() => Promise.reject(new ModulesUnauthorizedError()));
    const { loader, deps } = setup({ fetchModules });
    loader.start();
    await vi.advanceTimersByTimeAsync(500);
    expect(fetchModules).toHaveBeenCalledTimes(2);
    expect(deps.showError).toHaveBeenCalledWith(MSG.moduleSessionExpired, MODULE_TOAST_IDS.sessionExpired);
    expect(MSG.moduleSessionExpired).toBe('Phiên đăng nhập của bạn đã hết hạn. Vui lòng đăng nhập lại.');
    expect(loader.getState().status).toBe('error');
    await vi.advanceTimersByTimeAsync(999);
    expect(deps.logout).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(deps.logout).toHaveBeenCalledTimes(1);
  });

  it('other failures: the generic message, no retry, no logout; the earlier list stays', async () => {
    const fetchModules = vi.fn<() => Promise<TModule[]>>(() => Promise.resolve(LIST));
    const { loader, deps } = setup({ fetchModules });
    loader.start();
    await vi.advanceTimersByTimeAsync(500);
    fetchModules.mockRejectedValueOnce(new Error('Network Error'));
    await loader.reload(true);
    expect(fetchModules).toHaveBeenCalledTimes(2);
    expect(deps.showError).toHaveBeenCalledWith('Không thể tải dữ liệu module. Vui lòng thử lại sau.', MODULE_TOAST_IDS.loadFailed);
    expect(loader.getState()).toMatchObject({ status: 'error', modules: LIST, module: LIST[1] });
    await vi.advanceTimersByTimeAsync(5000);
    expect(deps.logout).not.toHaveBeenCalled();
  });

  it('stop() before the logout delay cancels the logout', async () => {
    const { loader, deps } = setup({ fetchModules: () => Promise.reject(new ModulesUnauthorizedError()) });
    loader.start();
    await vi.advanceTimersByTimeAsync(500);
    loader.stop();
    await vi.advanceTimersByTimeAsync(2000);
    expect(deps.logout).not.toHaveBeenCalled();
  });
});
