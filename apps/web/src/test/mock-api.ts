import { AxiosError, AxiosHeaders, type AxiosAdapter, type AxiosResponse } from 'axios';
import { apiClient } from '@/lib/api-client';

export interface MockRequest {
  method: string;
  url: string;
  body: unknown;
  headers: Record<string, unknown>;
  /** The query parameters axios was given (the URL itself carries none). */
  params: Record<string, unknown>;
}
export interface MockReply {
  status: number;
  body?: unknown;
}
export type MockRoutes = Record<string, (req: MockRequest) => MockReply | Promise<MockReply>>;

/**
 * Answers apiClient calls from a table keyed "METHOD /v1/path". It replaces only the transport, so
 * the real interceptors (bearer token, 401 handling) run. Unknown routes answer 404.
 */
export function mockApi(routes: MockRoutes) {
  const calls: MockRequest[] = [];
  const previous = apiClient.defaults.adapter;
  const adapter: AxiosAdapter = async (config) => {
    const method = (config.method ?? 'get').toUpperCase();
    const url = (config.url ?? '').split('?')[0];
    const body: unknown = typeof config.data === 'string' ? JSON.parse(config.data) : config.data;
    const req: MockRequest = {
      method,
      url,
      body,
      headers: AxiosHeaders.from(config.headers).toJSON(),
      params: { ...(config.params as Record<string, unknown> | undefined) },
    };
    calls.push(req);
    const handler = routes[`${method} ${url}`];
    const reply = handler
      ? await handler(req)
      : { status: 404, body: { success: false, message: 'Không tìm thấy đường dẫn API.', code: 'NOT_FOUND' } };
    const response: AxiosResponse = {
      data: reply.body,
      status: reply.status,
      statusText: String(reply.status),
      headers: {},
      config,
      request: {},
    };
    if (reply.status >= 200 && reply.status < 300) return response;
    throw new AxiosError(
      `Request failed with status code ${reply.status}`,
      reply.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST,
      config,
      {},
      response,
    );
  };
  apiClient.defaults.adapter = adapter;
  return {
    calls,
    restore: () => {
      apiClient.defaults.adapter = previous;
    },
  };
}

export const ok = (data: unknown, message?: string): MockReply => ({
  status: 200,
  body: message === undefined ? { success: true, data } : { success: true, data, message },
});
export const fail = (status: number, message: string, code = 'ERROR'): MockReply => ({
  status,
  body: { success: false, message, code },
});

/** The query parameters of every request as axios was given them (before the transport). */
export function captureParams() {
  const seen: Array<{ url: string; params: Record<string, string> }> = [];
  const id = apiClient.interceptors.request.use((config) => {
    seen.push({ url: config.url ?? '', params: { ...(config.params as Record<string, string> | undefined) } });
    return config;
  });
  return { seen, stop: () => apiClient.interceptors.request.eject(id) };
}
