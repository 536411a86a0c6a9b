import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { ZAcademicQueue, ZFacilitySummary, ZTeachingLoad } from '@app/shared/school-overview';
import { useCurrentModule } from '@/areas/school/current-module/public';
import { apiClient, unwrap } from '@/lib/api-client';

/**
 * The offices' overview reads (GET /academic-queue, /facilities/summary, /teachers/teaching-load), for
 * the module picked in the header (the server's current module when the header has none). Keyed by
 * path and module; they change with the school's records, so a minute's staleness is fine.
 */
function useOverview<T extends z.ZodType>(path: string, schema: T) {
  const { module, status } = useCurrentModule();
  const moduleId = module?.id;
  return useQuery({
    // Wait for the header's module (or its failure: then the server's current one), not to read twice.
    enabled: status === 'success' || status === 'error',
    queryKey: ['school-overview', path, moduleId ?? null] as const,
    queryFn: async (): Promise<z.output<T>> => unwrap(schema, (await apiClient.get(path, { params: moduleId ? { moduleId } : {} })).data),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export const useAcademicQueue = () => useOverview('/v1/academic-queue', ZAcademicQueue);
export const useFacilitySummary = () => useOverview('/v1/facilities/summary', ZFacilitySummary);
export const useTeachingLoad = () => useOverview('/v1/teachers/teaching-load', ZTeachingLoad);
