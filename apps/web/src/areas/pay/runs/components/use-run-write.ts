import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { invalidatePaths } from '@/components/data/use-api-mutation';
import { errorMessage, httpStatus } from '@/lib/api-client';
import { PAY_RUNS_ROOT } from '../api/keys';

/**
 * A write on a run from a dialog: the server's message as a toast and every run, list and line read
 * again. A 409 (someone changed the run meanwhile, or its state moved on) is not the dialog's business:
 * it closes, and a toast says what happened with "Tải lại" to read the run afresh. Other refusals reject,
 * so the dialog shows them in place.
 */
export function useRunWrite() {
  const client = useQueryClient();
  const reload = useCallback(() => invalidatePaths(client, [PAY_RUNS_ROOT]), [client]);
  const run = useCallback(
    /** True when the write went through; `then` runs before the reads are refreshed (leaving a deleted run). */
    async (send: () => Promise<{ message?: string }>, done: string, then?: () => void): Promise<boolean> => {
      let ok = false;
      try {
        const res = await send();
        toast.success(res.message ?? done);
        ok = true;
        then?.();
      } catch (err) {
        if (httpStatus(err) !== 409) throw err;
        toast.error(errorMessage(err, 'Đợt tính vừa được thay đổi ở nơi khác.'), {
          action: { label: 'Tải lại', onClick: () => void reload() },
          duration: 10_000,
        });
      }
      await reload();
      return ok;
    },
    [reload],
  );
  return { run, reload };
}
