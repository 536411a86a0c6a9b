import { useQuery } from '@tanstack/react-query';
import { ZGeneratorRun, type TGeneratorRun } from '@app/shared/timetables';
import { apiClient, unwrap } from '@/lib/api-client';
import { TIMETABLES_PATH } from './list-timetables';

// The three calls on one resource, /timetables/{id}/generate: start, read the latest run, stop.

/** POST: starts the generator (or answers the run already going). */
export async function startGenerator(id: number, input: { timeLimitSeconds: number; seed?: number }): Promise<TGeneratorRun> {
  const res = await apiClient.post(`${TIMETABLES_PATH}/${id}/generate`, input);
  return unwrap(ZGeneratorRun, res.data);
}

/** GET: the latest run with its progress, or null when the version was never generated. */
export async function getGeneratorRun(id: number): Promise<TGeneratorRun | null> {
  const res = await apiClient.get(`${TIMETABLES_PATH}/${id}/generate`);
  return unwrap(ZGeneratorRun.nullable(), res.data);
}

/** DELETE: stops it; the best timetable found so far is kept. */
export async function stopGenerator(id: number): Promise<TGeneratorRun> {
  const res = await apiClient.delete(`${TIMETABLES_PATH}/${id}/generate`);
  return unwrap(ZGeneratorRun, res.data);
}

export function generatorQueryKey(id: number | null) {
  return ['timetables', TIMETABLES_PATH, 'generate', id] as const;
}

/** The latest run; polled every second while it runs. */
export function useGeneratorRun(id: number | null, enabled: boolean) {
  return useQuery({
    queryKey: generatorQueryKey(id),
    queryFn: () => getGeneratorRun(id as number),
    enabled: id !== null && enabled,
    refetchInterval: (q) => (q.state.data?.status === 'running' ? 1000 : false),
  });
}
