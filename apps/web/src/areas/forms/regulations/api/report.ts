import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  ZAckReport,
  ZAckStudent,
  ZHomeroomAckStatus,
  type TAckReport,
  type TAckStudent,
  type THomeroomAckStatus,
} from '@app/shared/regulations';
import { apiClient, unwrap } from '@/lib/api-client';
import { REGULATIONS_ROOT, classKey, homeroomKey, reportKey } from './keys';

/** GET /regulations/{id}/report: per homeroom class, within the caller's scope. */
export function useAckReport(id: number | null) {
  return useQuery({
    queryKey: reportKey(id ?? 0),
    queryFn: async (): Promise<TAckReport> => unwrap(ZAckReport, (await apiClient.get(`${REGULATIONS_ROOT}/${id}/report`)).data),
    enabled: id !== null,
  });
}

/** GET /regulations/{id}/report/classes/{classId}: the class's students, not acknowledged first. */
export function useAckClass(id: number, classId: number | null) {
  return useQuery({
    queryKey: classKey(id, classId ?? 0),
    queryFn: async (): Promise<TAckStudent[]> =>
      unwrap(z.array(ZAckStudent), (await apiClient.get(`${REGULATIONS_ROOT}/${id}/report/classes/${classId}`)).data),
    enabled: classId !== null,
  });
}

/** GET /regulations/homeroom: the homeroom teacher's classes for each document to acknowledge. */
export function useHomeroomAck() {
  return useQuery({
    queryKey: homeroomKey,
    queryFn: async (): Promise<THomeroomAckStatus[]> =>
      unwrap(z.array(ZHomeroomAckStatus), (await apiClient.get(`${REGULATIONS_ROOT}/homeroom`)).data),
  });
}

export const reportExportPath = (id: number) => `${REGULATIONS_ROOT}/${id}/report`;
