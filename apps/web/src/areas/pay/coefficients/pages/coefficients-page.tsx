import { useRouteTitle } from '@/components/data/use-route-title';
import { PageHeader } from '@/components/ui/page-header';
import { CoefficientsPanel } from '../components/coefficients-panel';
import { SettingsPanel } from '../components/settings-panel';

/**
 * /accountant/coefficients (ACCOUNTANT, issue 16): the school-wide pay settings with the workload rule
 * set they go with, then every teacher's salary rank, step and allowances.
 */
export default function CoefficientsPage() {
  const title = useRouteTitle('Cấu hình hệ số');
  return (
    <div className="space-y-8">
      <PageHeader title={title} subtitle="Lương cơ sở, tỷ lệ dạy thêm giờ và hệ số lương, phụ cấp của từng giáo viên theo ngày hiệu lực." />
      <SettingsPanel />
      <CoefficientsPanel />
    </div>
  );
}
