import { isAxiosError } from 'axios';
import { z } from 'zod';
import { ZClash, ZTimetable, type TClash, type TTimetable } from '@app/shared/timetables';
import { apiClient, unwrapWithMessage } from '@/lib/api-client';
import { TIMETABLES_PATH } from './list-timetables';

/** POST /timetables/{id}/publish { effectiveFrom }: refused (400) while a hard clash remains. */
export async function publishTimetable(id: number, effectiveFrom: string): Promise<{ data: TTimetable; message?: string }> {
  const res = await apiClient.post(`${TIMETABLES_PATH}/${id}/publish`, { effectiveFrom });
  return unwrapWithMessage(ZTimetable, res.data);
}

const ZRefusal = z.object({ message: z.string(), details: z.object({ clashes: z.array(ZClash) }) });

/** The hard clashes a refused publication names (400 with `details.clashes`), else null. */
export function publishRefusal(err: unknown): { message: string; clashes: TClash[] } | null {
  if (!isAxiosError(err) || err.response?.status !== 400) return null;
  const parsed = ZRefusal.safeParse(err.response.data);
  return parsed.success ? { message: parsed.data.message, clashes: parsed.data.details.clashes } : null;
}
