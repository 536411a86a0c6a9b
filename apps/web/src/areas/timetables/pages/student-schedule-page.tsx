import { useRouteTitle } from '@/components/data/use-route-title';
import { PageHeader } from '@/components/ui/page-header';
import { CalendarFeedBlock } from '../components/calendar-feed-block';
import { WeekViewPanel } from '../components/week-view-panel';

/** /student/schedule: the student's own week (subject, course class, teachers, room, campus), and their calendar link. */
export default function StudentSchedulePage() {
  const title = useRouteTitle('Thời khóa biểu');
  return (
    <div className="space-y-6">
      <PageHeader title={title} subtitle="Lịch học trong tuần của bạn: môn, lớp học phần, giáo viên, phòng và cơ sở." />
      <WeekViewPanel query={{ view: 'student' }} />
      <CalendarFeedBlock />
    </div>
  );
}
