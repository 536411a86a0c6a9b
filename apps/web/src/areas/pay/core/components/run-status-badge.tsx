import { PAY_RUN_STATUS_LABELS, type TPayRunStatus } from '@app/shared/pay';
import { Badge } from '@/components/data/badge';

const TONE = {
  draft: 'neutral',
  submitted: 'primary',
  approved: 'primary',
  paid: 'neutral',
} as const satisfies Record<TPayRunStatus, 'neutral' | 'primary' | 'danger'>;

/** A run's state: "Nháp", "Chờ Hiệu trưởng duyệt", "Đã duyệt", "Đã chi trả"; marked while it waits on the principal or the payment. */
export function PayRunStatusBadge({ status }: { status: TPayRunStatus }) {
  return (
    <Badge tone={TONE[status]} wrap>
      {PAY_RUN_STATUS_LABELS[status]}
    </Badge>
  );
}
