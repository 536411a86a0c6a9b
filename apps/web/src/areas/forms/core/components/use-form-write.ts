import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { invalidatePaths } from '@/components/data/use-api-mutation';
import { errorMessage, httpStatus } from '@/lib/api-client';
import { FORMS_ROOT } from '../api/keys';

/**
 * A write on a form from a dialog: the server's message as a toast and every form, list and count read
 * again. A 409 (another teacher or tab decided it meanwhile) closes the dialog with the server's words
 * and "Tải lại"; other refusals reject, so the dialog shows them in place.
 */
export function useFormWrite() {
  const client = useQueryClient();
  const reload = useCallback(() => invalidatePaths(client, [FORMS_ROOT]), [client]);
  const run = useCallback(
    async (send: () => Promise<{ message?: string }>, done: string): Promise<boolean> => {
      let ok = false;
      try {
        const res = await send();
        toast.success(res.message ?? done);
        ok = true;
      } catch (err) {
        if (httpStatus(err) !== 409) throw err;
        toast.error(errorMessage(err, 'Đơn vừa được xử lý ở nơi khác.'), {
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
