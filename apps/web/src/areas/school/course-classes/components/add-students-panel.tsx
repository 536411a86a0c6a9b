import { useId, useState } from 'react';
import { CircleAlert, LoaderCircle } from 'lucide-react';
import type { TCourseClass } from '@app/shared/school';
import { FilterSelect } from '@/components/data/filter-select';
import { MultiSelect } from '@/components/data/multi-select';
import { SOURCES } from '@/components/data/school-sources';
import { useApiMutation } from '@/components/data/use-api-mutation';
import { useOptions } from '@/components/data/use-options';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { formatValue } from '@/lib/format';
import { GRADE_OPTIONS } from './course-class-form';

/**
 * Search students (by default of the class's grade and campus) and enrol several at once. The
 * server's refusal (capacity, wrong grade …) is shown here and the picked students stay picked.
 */
export function AddStudentsPanel({ courseClass: cls, onDone }: { courseClass: TCourseClass; onDone: () => void }) {
  const id = useId();
  const [grade, setGrade] = useState(String(cls.grade));
  const [campusId, setCampusId] = useState(String(cls.campusId));
  const [query, setQuery] = useState('');
  const [picked, setPicked] = useState<Array<string | number>>([]);
  const [error, setError] = useState<string | null>(null);
  const campuses = useOptions(SOURCES.campuses);
  const students = useOptions({ ...SOURCES.students, params: { grade, campusId, status: 'active' } }, { search: query });
  const enrol = useApiMutation<number[]>({
    method: 'post',
    url: `/v1/course-classes/${cls.id}/students`,
    body: (studentIds) => ({ studentIds }),
    invalidate: ['/v1/course-classes'],
  });
  const free = Math.max(0, cls.capacity - cls.enrolledCount);

  const submit = async () => {
    setError(null);
    try {
      await enrol.mutateAsync(picked.map(Number));
      setPicked([]);
      onDone();
    } catch (err) {
      setError(errorMessage(err, 'Không thể ghi danh. Vui lòng thử lại sau.'));
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3 rounded-xl border border-border bg-surface-2/50 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`${id}-title`} className="text-sm font-semibold text-fg">
          Thêm học sinh vào lớp
        </h3>
        <p className="text-xs text-muted">Còn {formatValue(free)} chỗ trống</p>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <FilterSelect label="Khối" value={grade} onChange={setGrade} options={GRADE_OPTIONS} allLabel="Tất cả khối" />
        <FilterSelect label="Cơ sở" value={campusId} onChange={setCampusId} options={campuses.options} allLabel="Tất cả cơ sở" />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-pick`} className="text-sm font-medium text-fg">
          Học sinh
        </label>
        <MultiSelect
          id={`${id}-pick`}
          label="Học sinh"
          value={picked}
          onChange={(v) => {
            setPicked(v);
            setError(null);
          }}
          options={students.options}
          query={query}
          onQueryChange={setQuery}
          loading={students.isFetching}
          disabled={enrol.isPending}
          placeholder="Gõ tên hoặc mã học sinh..."
        />
      </div>
      {error ? (
        <div role="alert" className="flex items-start gap-2 rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{error}</span>
        </div>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onDone} disabled={enrol.isPending}>
          Hủy
        </Button>
        <Button onClick={() => void submit()} disabled={!picked.length || enrol.isPending}>
          {enrol.isPending ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
          {picked.length ? `Ghi danh ${formatValue(picked.length)} học sinh` : 'Ghi danh'}
        </Button>
      </div>
    </section>
  );
}
