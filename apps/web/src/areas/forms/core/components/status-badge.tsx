import { FORM_STATUS_LABELS, type TFormStatus } from '@app/shared/forms';
import { Badge } from '@/components/data/badge';

const TONE: Record<TFormStatus, 'primary' | 'neutral' | 'danger'> = {
  draft: 'neutral',
  submitted: 'primary',
  escalated: 'primary',
  returned: 'danger',
  approved: 'primary',
  rejected: 'danger',
  withdrawn: 'neutral',
};

/** A form's state in words ("Chờ GVCN duyệt", "Đã duyệt", …). */
export function FormStatusBadge({ status }: { status: TFormStatus }) {
  return <Badge tone={TONE[status]}>{FORM_STATUS_LABELS[status]}</Badge>;
}
