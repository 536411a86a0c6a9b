import { UrlTabs } from '@/components/data/url-tabs';
import { useRouteTitle } from '@/components/data/use-route-title';
import { useUrlParams } from '@/components/data/url-params';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { SectionSpinner } from '@/components/ui/spinner';
import { GroupDetail } from '../components/group-detail';
import { GroupsPanel } from '../components/groups-panel';
import { ReportPanel } from '../components/report-panel';
import { useSemesterChoice } from '../components/semester-picker';

/**
 * /academic/tutoring and /admin/tutoring (issue 15 "Tutoring"): the semester's tutoring groups, one group's
 * sessions and attendance (`?group=`), and the report. The semester lives in `?semester=` (current by default).
 */
export default function TutoringPage() {
  const title = useRouteTitle('Phụ đạo');
  const params = useUrlParams();
  const choice = useSemesterChoice();
  const groupId = Number(params.get('group')) || null;
  const semester = choice.semester;
  let body;
  if (choice.loading) body = <SectionSpinner label="Đang tải học kỳ..." />;
  else if (choice.error) body = <LoadError error={null} onRetry={() => void choice.retry()} fallback="Không thể tải danh sách học kỳ." />;
  else if (!semester) body = <EmptyState title="Chưa có học kỳ" description="Hãy tạo năm học và học kỳ trước khi lập nhóm phụ đạo." />;
  else if (groupId !== null) body = <GroupDetail groupId={groupId} onBack={() => params.update({ group: null })} />;
  else
    body = (
      <UrlTabs
        label="Phụ đạo"
        keepParams
        tabs={[
          {
            key: 'groups',
            label: 'Nhóm phụ đạo',
            content: <GroupsPanel semesterId={semester.id} onOpen={(id) => params.update({ group: String(id) })} />,
          },
          { key: 'report', label: 'Báo cáo', content: <ReportPanel key={semester.id} semester={semester} /> },
        ]}
      />
    );
  return (
    <div className="space-y-4">
      <PageHeader title={title} subtitle="Nhóm phụ đạo, bồi dưỡng: buổi học, điểm danh và báo cáo." actions={choice.picker} />
      {body}
    </div>
  );
}
