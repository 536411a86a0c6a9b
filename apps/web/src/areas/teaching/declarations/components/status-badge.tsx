import { DECLARATION_STATUS_LABELS, type TDeclarationStatus } from '@app/shared/declarations';
import { Badge } from '@/components/data/badge';

const TONE = {
  draft: 'neutral',
  submitted: 'primary',
  returned: 'danger',
  approved: 'primary',
  confirmed: 'primary',
  locked: 'neutral',
} as const satisfies Record<TDeclarationStatus, 'neutral' | 'primary' | 'danger'>;

/** "Nháp", "Đã nộp", "Trả lại" …: a declaration's status in a cell or a heading. */
export function DeclarationStatusBadge({ status }: { status: TDeclarationStatus }) {
  return (
    <Badge tone={TONE[status]} wrap>
      {DECLARATION_STATUS_LABELS[status]}
    </Badge>
  );
}
