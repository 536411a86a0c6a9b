import { ROUND_STATE_LABELS, type TRoundState } from '@app/shared/registration';
import { Badge } from '@/components/data/badge';

const TONE = { upcoming: 'neutral', open: 'primary', ended: 'danger', closed: 'neutral' } as const;

/** "Sắp mở", "Đang mở", "Đã hết giờ, chờ chốt", "Đã chốt". */
export function RoundStateBadge({ state }: { state: TRoundState }) {
  return <Badge tone={TONE[state]}>{ROUND_STATE_LABELS[state]}</Badge>;
}
