import { Modal } from '@/components/data/modal';
import { LoadError } from '@/components/ui/load-error';
import { SectionSpinner } from '@/components/ui/spinner';
import { usePayLine } from '../api/get-line';
import { LineExplanation } from './line-explanation';

/** A teacher's line of a run, opened from the lines table: every step, the months and the sources. */
export function LineDialog({
  runId,
  teacherId,
  name,
  onClose,
}: {
  runId: number;
  teacherId: number | null;
  name: string;
  onClose: () => void;
}) {
  const q = usePayLine(runId, teacherId);
  return (
    <Modal
      open={teacherId !== null}
      onClose={onClose}
      title={`Chi tiết tiền dạy thêm giờ: ${q.data?.fullName ?? name}`}
      description={q.data ? `${q.data.staffCode} · ${q.data.departmentName ?? 'Chưa thuộc tổ'}` : undefined}
      size="xl"
    >
      {q.isPending ? (
        <SectionSpinner label="Đang tải chi tiết..." />
      ) : q.isError ? (
        <LoadError
          error={q.error}
          onRetry={() => void q.refetch()}
          retrying={q.isFetching}
          fallback="Không thể tải chi tiết của giáo viên."
        />
      ) : (
        <LineExplanation line={q.data} />
      )}
    </Modal>
  );
}
