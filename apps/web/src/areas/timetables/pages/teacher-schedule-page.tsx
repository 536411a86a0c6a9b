import { useRouteTitle } from '@/components/data/use-route-title';
import { PageHeader } from '@/components/ui/page-header';
import { CalendarFeedBlock } from '../components/calendar-feed-block';
import { WeekViewPanel } from '../components/week-view-panel';

/** /teacher/schedule: the teacher's own week with rooms and classes, free periods marked "Trống", and their calendar link. */
export default function TeacherSchedulePage() {
  const title = useRouteTitle('Thời khóa biểu');
  return (
    <div className="space-y-6">
      <PageHeader title={title} subtitle="Lịch dạy trong tuần của bạn: lớp học phần, phòng và cơ sở; tiết trống được đánh dấu." />
      <WeekViewPanel query={{ view: 'teacher' }} />
      <CalendarFeedBlock />
    </div>
  );
}
