import { useContext } from 'react';
import { Link } from 'react-router';
import { CardEmpty, CardPanel, cardLinkClass } from '@/components/ui/card-panel';
import { CurrentModuleContext } from '@/areas/school/current-module/public';
import { HomeroomSurveyDigest } from '@/areas/surveys/monitoring/public';
import { useMyHomeroomClasses } from '../api/get-my-homeroom-classes';

/**
 * HOMEROOM_TEACHER's card on the teacher's dashboard (issue 12): their class — of the header's module's
 * school year, else the newest — with its survey progress and who has not finished (the monitoring
 * area's digest), and the way to /teacher/homeroom-class.
 */
export function HomeroomDashboardCard() {
  const module = useContext(CurrentModuleContext)?.module ?? null;
  const classes = useMyHomeroomClasses();
  const list = classes.data ?? [];
  const cls = list.find((c) => c.academicYearId === module?.academicYearId) ?? list[0];

  return (
    <CardPanel
      title={cls ? `Lớp chủ nhiệm ${cls.name}` : 'Lớp chủ nhiệm'}
      description={cls ? `${cls.studentCount} học sinh · năm học ${cls.academicYearName}` : undefined}
      action={
        cls ? (
          <Link to="/teacher/homeroom-class" className={cardLinkClass}>
            Xem lớp chủ nhiệm
          </Link>
        ) : null
      }
      loading={classes.isPending}
      error={classes.error ?? undefined}
      errorText="Không thể tải lớp chủ nhiệm. Vui lòng thử lại sau."
      onRetry={() => void classes.refetch()}
    >
      {cls ? (
        <HomeroomSurveyDigest cls={cls} moduleId={module?.id} />
      ) : (
        <CardEmpty>Thầy cô chưa được phân công chủ nhiệm lớp nào. Khi được phân công, tiến độ khảo sát của lớp sẽ hiện ở đây.</CardEmpty>
      )}
    </CardPanel>
  );
}
