import { useNavigate, useParams } from 'react-router';
import { RunView } from '../components/run-view';

/**
 * /principal/pay-runs/:id (PRINCIPAL, not in the menus): a run opened from the dashboard's card, read-only
 * but for "Duyệt" and "Trả lại" while it waits for the principal.
 */
export default function PrincipalRunPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const runId = Number(id);
  return (
    <RunView
      runId={Number.isInteger(runId) && runId > 0 ? runId : 0}
      mode="approve"
      onBack={() => void navigate('/principal/dashboard')}
      backLabel="Tổng quan"
    />
  );
}
