import { useContext } from 'react';
import { FilterSelect } from '@/components/data/filter-select';
import { useUrlParams } from '@/components/data/url-params';
import { SOURCES } from '@/components/data/school-sources';
import { useOptions } from '@/components/data/use-options';
import { CurrentModuleContext } from '@/areas/school/current-module/public';
import { surveySource, type Scope } from '../api/theme-codes-api';
import { AnalysisView } from './analysis-view';

type Key = 'moduleId' | 'surveyId' | 'teacherId';

/**
 * "Phân tích": counts per theme and code for a survey, a module or a teacher (the teachers a response
 * was about), and for one survey the run that tags its approved texts. The filters live in the URL;
 * the module starts as the header's current module.
 */
export function AnalysisPanel({ canWrite }: { canWrite: boolean }) {
  const params = useUrlParams();
  const current = useContext(CurrentModuleContext)?.module ?? null;
  const scope: Scope = {
    moduleId: params.get('moduleId') ?? (current ? String(current.id) : ''),
    surveyId: params.get('surveyId') ?? '',
    teacherId: params.get('teacherId') ?? '',
  };
  const set = (patch: Partial<Record<Key, string>>) => params.update(patch);

  const modules = useOptions(SOURCES.modules);
  const surveys = useOptions(surveySource(scope.moduleId || undefined));
  const teachers = useOptions(SOURCES.teachers);
  const row = surveys.rows.find((s) => String(s.id) === scope.surveyId);

  return (
    <AnalysisView
      scope={scope}
      survey={row ? { id: row.id, title: row.title } : null}
      canWrite={canWrite}
      pickers={
        // The three pickers are the page's main controls, so they stay in view on a phone too.
        <>
          <FilterSelect
            label="Học phần"
            value={scope.moduleId ?? ''}
            onChange={(v) => set({ moduleId: v, surveyId: '' })}
            options={modules.options}
            allLabel="Tất cả học phần"
          />
          <FilterSelect
            label="Khảo sát"
            value={scope.surveyId ?? ''}
            onChange={(v) => set({ surveyId: v })}
            options={surveys.options}
            allLabel="Tất cả khảo sát"
          />
          <FilterSelect
            label="Giáo viên"
            value={scope.teacherId ?? ''}
            onChange={(v) => set({ teacherId: v })}
            options={teachers.options}
            allLabel="Tất cả giáo viên"
          />
        </>
      }
    />
  );
}
