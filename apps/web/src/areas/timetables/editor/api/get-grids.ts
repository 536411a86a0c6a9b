import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ZPeriodGrid, type TPeriodGrid } from '@app/shared/timetables';
import { apiClient, unwrap } from '@/lib/api-client';

/** GET /timetables/grids: the period grid of every campus. */
export async function getGrids(): Promise<TPeriodGrid[]> {
  const res = await apiClient.get('/v1/timetables/grids');
  return unwrap(z.array(ZPeriodGrid), res.data);
}

export function useGrids() {
  return useQuery({ queryKey: ['timetables', '/v1/timetables/grids'], queryFn: getGrids, staleTime: 5 * 60_000 });
}
