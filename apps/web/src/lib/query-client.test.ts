import { MutationObserver } from '@tanstack/react-query';
import { AxiosError } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient, retryDelay, shouldRetryQuery } from './query-client';

function httpError(status: number) {
  return new AxiosError('x', 'ERR', undefined, undefined, {
    status,
    statusText: '',
    data: {},
    headers: {},
    config: {} as never,
  });
}

describe('query client defaults (spec section 9)', () => {
  it('keeps unused data 5 minutes and does not retry writes', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries?.gcTime).toBe(5 * 60 * 1000);
    expect(defaults.mutations?.retry).toBe(0);
  });

  it('retry delay doubles from 1 s and is capped at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('retries a failed read 3 times; not answers that cannot change', () => {
    const network = new Error('Network Error');
    expect([0, 1, 2, 3].map((n) => shouldRetryQuery(n, network))).toEqual([true, true, true, false]);
    expect(shouldRetryQuery(0, httpError(500))).toBe(true);
    expect(shouldRetryQuery(0, httpError(429))).toBe(true);
    expect(shouldRetryQuery(0, httpError(401))).toBe(false);
    expect(shouldRetryQuery(0, httpError(404))).toBe(false);
  });

  it('a failing query runs 4 times (1 + 3 retries) at 1 s, 2 s and 4 s', async () => {
    vi.useFakeTimers();
    const client = createQueryClient();
    const queryFn = vi.fn().mockRejectedValue(httpError(503));
    const result = client.fetchQuery({ queryKey: ['x'], queryFn }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(0);
    expect(queryFn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(queryFn).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(queryFn).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(4000);
    expect(queryFn).toHaveBeenCalledTimes(4);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(queryFn).toHaveBeenCalledTimes(4);
    expect(await result).toBeInstanceOf(AxiosError);
  });

  it('a failing mutation runs once', async () => {
    const client = createQueryClient();
    const mutationFn = vi.fn().mockRejectedValue(httpError(503));
    const observer = new MutationObserver(client, { mutationFn });
    await expect(observer.mutate(undefined)).rejects.toBeInstanceOf(AxiosError);
    expect(mutationFn).toHaveBeenCalledTimes(1);
  });
});
