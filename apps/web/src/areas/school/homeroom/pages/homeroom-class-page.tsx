import { Link } from 'react-router';
import { CircleAlert, RefreshCw, Users } from 'lucide-react';
import type { THomeroomClass } from '@app/shared/school';
import { FilterSelect } from '@/components/data/filter-select';
import { useUrlParams } from '@/components/data/url-params';
import { useRouteTitle } from '@/components/data/use-route-title';
import { Button, buttonClass } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useMyHomeroomClasses } from '../api/get-my-homeroom-classes';
import { ClassStudents } from '../components/class-students';
import { ClassSummary } from '../components/class-summary';
import { HomeroomSurveyStatus } from '@/areas/surveys/monitoring/public';
import { HomeroomForms } from '@/areas/forms/requests/public';
import { HomeroomRegulationsStatus } from '@/areas/forms/regulations/public';

/** The chosen class is in the address (?classId=…) so a reload or a shared link opens the same one. */
const CLASS_KEY = 'classId';

/**
 * /teacher/homeroom-class: the homeroom teacher's landing page. Their class (newest year first, or
 * the one picked when they have several) and its students. An unknown `classId` falls back to the
 * first class rather than an error: old links outlive a class.
 */
export default function HomeroomClassPage() {
  const title = useRouteTitle('Lớp chủ nhiệm');
  const mine = useMyHomeroomClasses();
  const params = useUrlParams();
  const classes = mine.data ?? [];
  const wanted = Number(params.get(CLASS_KEY));
  const cls = classes.find((c) => c.id === wanted) ?? classes[0];

  // A new class starts its list afresh: the previous class's search and page do not carry over.
  const choose = (id: string) => params.update(id ? { [CLASS_KEY]: id } : {}, { keepOthers: false });

  return (
    <div>
      <PageHeader
        title={title}
        subtitle="Thông tin lớp và danh sách học sinh lớp chủ nhiệm của bạn."
        actions={
          <>
            {classes.length > 1 && cls ? <ClassPicker classes={classes} value={cls.id} onChange={choose} /> : null}
            {/* The survey previews are in no menu of the spec; this is the homeroom teacher's way in. */}
            <Link to="/teacher/homeroom-surveys" className={buttonClass('secondary')}>
              Khảo sát liên quan
            </Link>
          </>
        }
      />
      {mine.isPending ? (
        <div aria-busy="true" className="space-y-4">
          <Skeleton className="h-32 rounded-xl" />
          <Skeleton className="h-64 rounded-xl" />
          <span className="sr-only">Đang tải lớp chủ nhiệm...</span>
        </div>
      ) : mine.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border border-danger/40 bg-danger/10 p-5">
          <p className="flex items-center gap-2 text-sm font-medium text-danger">
            <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
            {errorMessage(mine.error, 'Không thể tải lớp chủ nhiệm. Vui lòng thử lại sau.')}
          </p>
          <Button variant="secondary" onClick={() => void mine.refetch()} disabled={mine.isFetching}>
            <RefreshCw aria-hidden="true" className={`size-4 ${mine.isFetching ? 'animate-spin' : ''}`} />
            Thử lại
          </Button>
        </div>
      ) : !cls ? (
        <EmptyState
          icon={Users}
          title="Bạn chưa được phân công lớp chủ nhiệm nào."
          description="Khi nhà trường phân công, lớp và danh sách học sinh sẽ hiện ở đây."
        />
      ) : (
        <>
          <ClassSummary cls={cls} />
          <HomeroomSurveyStatus key={`ks-${cls.id}`} classId={cls.id} className={cls.name} />
          <HomeroomForms key={`forms-${cls.id}`} classId={cls.id} className={cls.name} />
          <HomeroomRegulationsStatus />
          <ClassStudents key={cls.id} cls={cls} />
        </>
      )}
    </div>
  );
}

function ClassPicker({ classes, value, onChange }: { classes: THomeroomClass[]; value: number; onChange: (id: string) => void }) {
  return (
    <FilterSelect
      label="Lớp chủ nhiệm"
      value={String(value)}
      onChange={onChange}
      allLabel={null}
      options={classes.map((c) => ({ value: c.id, label: `${c.name} – ${c.academicYearName}` }))}
    />
  );
}
