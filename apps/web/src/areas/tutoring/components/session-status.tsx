import { formatDate } from '@app/shared/format';
import { SESSION_STATUS_LABELS, periodsLabel, type TSessionStatus, type TTutoringSession } from '@app/shared/tutoring';
import { Badge } from '@/components/data/badge';

/** "Đã dạy" stands out, "Đã hủy" warns, "Dự kiến" is plain. */
export function SessionStatusBadge({ status }: { status: TSessionStatus }) {
  return (
    <Badge tone={status === 'taught' ? 'primary' : status === 'cancelled' ? 'danger' : 'neutral'}>{SESSION_STATUS_LABELS[status]}</Badge>
  );
}

/** "12/11/2026, tiết 7–8": how a session is named in buttons and titles. */
export function sessionWhen(s: Pick<TTutoringSession, 'onDate' | 'period' | 'length'>) {
  return `${formatDate(s.onDate)}, ${periodsLabel(s.period, s.length)}`;
}
