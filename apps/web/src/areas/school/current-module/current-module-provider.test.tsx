import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@app/shared/constants';
import type { TRole } from '@app/shared/roles';
import type { TModule } from '@app/shared/school';
import { makeModule, makeUser } from '@/test/fixtures';
import { mockApi, ok } from '@/test/mock-api';
import { authValue } from '@/test/render-app';
import { AuthContext } from '@/areas/auth/public';
import { ModulesUnauthorizedError } from './api/get-current-semester-modules';
import { ModulePicker } from './components/module-picker';
import { useCurrentModule } from './current-module-context';
import { CurrentModuleProvider, type CurrentModuleProviderProps } from './current-module-provider';

const LIST = [makeModule(1), makeModule(2, { isCurrent: true }), makeModule(3)];

function Probe() {
  const { module, status } = useCurrentModule();
  return <p data-testid="probe">{`${status}:${module?.code ?? '-'}`}</p>;
}

function renderWith(roles: TRole[], props: Partial<CurrentModuleProviderProps> = {}, userId = 7) {
  const user = makeUser(roles, { id: userId });
  const logout = vi.fn();
  const auth = authValue(user, { primaryRole: roles[0], login: vi.fn(), logout });
  const view = render(
    <AuthContext.Provider value={auth}>
      <CurrentModuleProvider fetchModules={() => Promise.resolve(LIST)} showError={vi.fn()} {...props}>
        <ModulePicker />
        <Probe />
      </CurrentModuleProvider>
    </AuthContext.Provider>,
  );
  return { ...view, logout };
}

const flush = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('CurrentModuleProvider + ModulePicker', () => {
  it('staff: after 500 ms the picker shows the current module; a pick is kept across a remount', async () => {
    const { unmount } = renderWith(['ADMIN']);
    expect(screen.getByTestId('probe')).toHaveTextContent('idle:-');
    await flush(500);
    // Short labels (issue 12): the code and "(hiện tại)", the name only in the tooltip and the list.
    const button = screen.getByRole('button', { name: 'Học phần: HP2 (hiện tại)' });
    expect(button).toHaveTextContent(/^Học phần: HP2 \(hiện tại\)$/);
    expect(button).toHaveAttribute('title', 'Học phần: HP2 (hiện tại) · Học phần 2');

    await userEvent.click(button);
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['HP1Học phần 1', 'HP2 (hiện tại)Học phần 2', 'HP3Học phần 3']);
    await userEvent.click(options[2]);
    expect(screen.getByTestId('probe')).toHaveTextContent('success:HP3');
    expect(screen.getByRole('button', { name: 'Học phần: HP3' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.selectedModuleId)!)).toEqual({ userId: 7, moduleId: 3 });

    unmount();
    renderWith(['ADMIN']);
    await flush(500);
    expect(screen.getByTestId('probe')).toHaveTextContent('success:HP3');
  });

  it("another user's stored pick does not apply", async () => {
    localStorage.setItem(STORAGE_KEYS.selectedModuleId, JSON.stringify({ userId: 99, moduleId: 3 }));
    renderWith(['ACADEMIC_AFFAIR']);
    await flush(500);
    expect(screen.getByTestId('probe')).toHaveTextContent('success:HP2');
  });

  it('a student has no picker but still gets the current module', async () => {
    localStorage.setItem(STORAGE_KEYS.selectedModuleId, JSON.stringify({ userId: 7, moduleId: 3 }));
    renderWith(['STUDENT']);
    await flush(500);
    expect(screen.getByTestId('probe')).toHaveTextContent('success:HP2');
    expect(screen.queryByRole('button', { name: /^Học phần/ })).not.toBeInTheDocument();
  });

  it('two 401s: the module session message, then logout 1 s later', async () => {
    const showError = vi.fn();
    const fetchModules = vi.fn<() => Promise<TModule[]>>(() => Promise.reject(new ModulesUnauthorizedError()));
    const { logout } = renderWith(['ADMIN'], { fetchModules, showError });
    await flush(500);
    expect(fetchModules).toHaveBeenCalledTimes(2);
    expect(showError).toHaveBeenCalledWith('Phiên đăng nhập của bạn đã hết hạn. Vui lòng đăng nhập lại.', 'module-session-expired');
    expect(logout).not.toHaveBeenCalled();
    await flush(1000);
    expect(logout).toHaveBeenCalledTimes(1);
  });

  it('another failure: the generic message and a retry button in the header', async () => {
    const showError = vi.fn();
    const fetchModules = vi.fn<() => Promise<TModule[]>>().mockRejectedValueOnce(new Error('boom')).mockResolvedValue(LIST);
    renderWith(['ADMIN'], { fetchModules, showError });
    await flush(500);
    expect(showError).toHaveBeenCalledWith('Không thể tải dữ liệu module. Vui lòng thử lại sau.', 'module-load-failed');
    await userEvent.click(screen.getByRole('button', { name: 'Tải lại học phần' }));
    await flush(0);
    expect(screen.getByTestId('probe')).toHaveTextContent('success:HP2');
  });
});

describe('getCurrentSemesterModules through the real client', () => {
  it('parses the list envelope', async () => {
    const mock = mockApi({ 'GET /v1/academic-years/current-semester/modules': () => ok({ items: LIST }) });
    try {
      renderWith(['ADMIN'], { fetchModules: undefined });
      await flush(500);
      expect(screen.getByTestId('probe')).toHaveTextContent('success:HP2');
      expect(mock.calls.map((c) => c.url)).toEqual(['/v1/academic-years/current-semester/modules']);
    } finally {
      mock.restore();
    }
  });
});
