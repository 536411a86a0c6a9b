import { useState } from 'react';
import type { z } from 'zod';
import type { ZTeacherAggregate } from '@app/shared/survey-results';
import { FilterSelect } from '@/components/data/filter-select';
import { SearchInput } from '@/components/data/search-input';
import { foldVietnamese } from '@app/shared/vietnamese';
import { AggregateTable, type NamedAggregate } from './aggregate-table';
import { Panel } from './results-common';

type TTeacherAggregate = z.infer<typeof ZTeacherAggregate>;

/** Every teacher of the module (already one short list): searched and narrowed by department on the page. */
export function TeachersView({ teachers }: { teachers: TTeacherAggregate[] }) {
  const [search, setSearch] = useState('');
  const [dept, setDept] = useState('');
  const departments = [...new Map(teachers.filter((t) => t.departmentId).map((t) => [t.departmentId, t.departmentName ?? ''])).entries()]
    .map(([id, name]) => ({ value: String(id), label: name }))
    .sort((a, b) => a.label.localeCompare(b.label, 'vi'));
  const needle = foldVietnamese(search.trim());
  const rows: NamedAggregate[] = teachers
    .filter((t) => (!dept || String(t.departmentId) === dept) && (!needle || foldVietnamese(t.teacherName).includes(needle)))
    .map((t) => ({ ...t, key: String(t.teacherId), name: t.teacherName, sub: t.departmentName }))
    .sort((a, b) => Number(a.hidden) - Number(b.hidden) || (b.score ?? -1) - (a.score ?? -1) || a.name.localeCompare(b.name, 'vi'));
  return (
    <Panel
      title="Kết quả theo giáo viên"
      actions={
        <>
          <SearchInput value={search} onChange={setSearch} label="Tìm giáo viên" placeholder="Tìm giáo viên..." />
          <FilterSelect label="Tổ chuyên môn" value={dept} onChange={setDept} options={departments} />
        </>
      }
    >
      <AggregateTable
        rows={rows}
        label="Bảng kết quả theo giáo viên"
        nameHeader="Giáo viên"
        emptyTitle={search || dept ? 'Không có giáo viên phù hợp.' : 'Chưa có giáo viên nào có kết quả.'}
      />
    </Panel>
  );
}
