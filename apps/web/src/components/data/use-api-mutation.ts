import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { z } from 'zod';
import { apiClient, unwrapWithMessage } from '@/lib/api-client';

export type Method = 'post' | 'put' | 'patch' | 'delete';

/**
 * Drops every cached list, picker and detail of these resources: query keys whose second part is
 * one of the paths or lies under one ('/v1/course-classes' covers '/v1/course-classes/5/students').
 */
export function invalidatePaths(client: QueryClient, paths: readonly string[]) {
  return client.invalidateQueries({
    predicate: (q) => {
      const p = q.queryKey[1];
      return typeof p === 'string' && paths.some((root) => p === root || p.startsWith(`${root}/`));
    },
  });
}

/** Sends one write and returns the answer's data and Vietnamese message. */
export async function sendWrite<T extends z.ZodType = z.ZodUnknown>(
  method: Method,
  url: string,
  body?: unknown,
  schema?: T,
): Promise<{ data: z.output<T>; message?: string }> {
  const res = method === 'delete' ? await apiClient.delete(url) : await apiClient[method](url, body);
  return unwrapWithMessage(schema ?? z.unknown(), res.data) as { data: z.output<T>; message?: string };
}

/**
 * A write (POST/PUT/PATCH/DELETE) that, on success, toasts the server's message and refreshes
 * the lists under `invalidate`. Failures are left to the caller (FormDialog / ConfirmDialog show
 * them in place), unless `toastError` is set.
 *
 *   const save = useApiMutation<TCampusInput & { id?: number }>({
 *     method: (v) => (v.id ? 'put' : 'post'),
 *     url: (v) => (v.id ? `/v1/campuses/${v.id}` : '/v1/campuses'),
 *     body: ({ id, ...rest }) => rest,
 *     invalidate: ['/v1/campuses'],
 *   });
 */
export function useApiMutation<V = void, S extends z.ZodType = z.ZodUnknown>(opts: {
  method: Method | ((vars: V) => Method);
  url: string | ((vars: V) => string);
  body?: (vars: V) => unknown;
  schema?: S;
  invalidate: readonly string[];
  /** Used when the server sends no message. */
  successMessage?: string;
  /** Replaces the server's message when an action deserves its own words ("Đã đặt … làm hiện tại."). */
  toastMessage?: (vars: V, serverMessage?: string) => string | null;
  toastError?: boolean;
  /** Runs after the toast and the refresh (e.g. reload a context that is not a query). */
  onSuccess?: (vars: V) => void;
}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (vars: V) => {
      const method = typeof opts.method === 'function' ? opts.method(vars) : opts.method;
      const url = typeof opts.url === 'function' ? opts.url(vars) : opts.url;
      const body = opts.body ? opts.body(vars) : method === 'delete' ? undefined : vars;
      return sendWrite(method, url, body, opts.schema);
    },
    onSuccess: async (res, vars) => {
      const message = opts.toastMessage ? opts.toastMessage(vars, res.message) : (res.message ?? opts.successMessage);
      if (message) toast.success(message);
      await invalidatePaths(client, opts.invalidate);
      opts.onSuccess?.(vars);
    },
    onError: (err) => {
      if (!opts.toastError) return;
      const body: unknown = (err as { response?: { data?: unknown } }).response?.data;
      const m = body && typeof body === 'object' && 'message' in body ? String((body as { message: unknown }).message) : null;
      toast.error(m || 'Không thể thực hiện. Vui lòng thử lại sau.');
    },
  });
}

/**
 * The create-or-edit write of a list page's form dialog: POST `path`, or PUT `path/{id}` when an id
 * is given. `save.mutateAsync({ id: row?.id, input })`.
 */
export function useSaveMutation<I = unknown>(opts: { path: string; invalidate: readonly string[]; onSuccess?: () => void }) {
  return useApiMutation<{ id?: number; input: I }>({
    method: (v) => (v.id ? 'put' : 'post'),
    url: (v) => (v.id ? `${opts.path}/${v.id}` : opts.path),
    body: (v) => v.input,
    invalidate: opts.invalidate,
    onSuccess: opts.onSuccess,
  });
}

/** DELETE `path/{id}`: `remove.mutateAsync(row.id)` from a ConfirmDialog. */
export function useDeleteMutation(opts: { path: string; invalidate: readonly string[]; onSuccess?: () => void }) {
  return useApiMutation<number>({ method: 'delete', url: (id) => `${opts.path}/${id}`, invalidate: opts.invalidate, onSuccess: opts.onSuccess });
}
