import { Suspense, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useBlocker, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { SURVEY_MSG } from '@app/shared/survey-messages';
import { SURVEY_STATUS_LABELS, SURVEY_TYPE_LABELS, type TSurvey } from '@app/shared/surveys';
import { Badge } from '@/components/data/badge';
import { ConfirmDialog } from '@/components/data/confirm-dialog';
import { UrlTabs } from '@/components/data/url-tabs';
import { useUrlParams } from '@/components/data/url-params';
import { Button } from '@/components/ui/button';
import { CurrentModuleContext } from '@/areas/school/current-module/public';
import { loadErrorText } from '@/areas/surveys/core/api/survey-api';
import { FormSkeleton, InlineError } from '@/areas/surveys/core/components/inline-error';
import type { SurveyDetailTab } from '@/areas/surveys/core/survey-tabs';
import { adminSurveyQuery } from '../api/admin-surveys-api';
import { STATUS_ACTIONS, StatusDialog } from '../components/status-dialog';
import { emptyDraft } from '../lib/survey-draft';
import { SurveyEditorActionsContext, SurveyEditorContext, useSurveyEditor } from '../survey-editor';

const LIST = '/admin/surveys';

/**
 * /admin/surveys/{id} (`new` for a new survey): the survey's tabs, "Thiết kế" first. The tabs come from
 * the app layer (app/survey-detail-tabs.ts), which knows every part's tab.
 */
export default function SurveyDetailPage({ tabs }: { tabs: readonly SurveyDetailTab[] }) {
  const { id: raw = '' } = useParams();
  const isNew = raw === 'new';
  const id = Number(raw);
  const valid = isNew || (Number.isInteger(id) && id > 0);
  const query = useQuery(adminSurveyQuery(valid && !isNew ? id : null));

  if (!valid) return <InlineError text={SURVEY_MSG.noSurveyId} backTo={LIST} />;
  if (!isNew && query.isError)
    return (
      <InlineError
        text={loadErrorText(query.error)}
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
        backTo={LIST}
      />
    );
  if (!isNew && query.isPending) return <FormSkeleton />;
  // A new id (after the first save) starts a fresh editor from the saved survey.
  return <SurveyDetail key={raw} initial={isNew ? null : (query.data ?? null)} allTabs={tabs} />;
}

function SurveyDetail({ initial, allTabs }: { initial: TSurvey | null; allTabs: readonly SurveyDetailTab[] }) {
  const params = useUrlParams();
  const current = useContext(CurrentModuleContext);
  const editor = useSurveyEditor(initial, () =>
    emptyDraft({ isTemplate: params.get('template') === '1', moduleId: current?.module?.id ?? null }),
  );
  const [statusOpen, setStatusOpen] = useState(false);
  // The header's module arrives a moment after the page (spec: the first load waits 500 ms): a new
  // survey that has no module yet takes it, as a default rather than as a change.
  const currentModuleId = current?.module?.id ?? null;
  const { applySaved } = editor;
  const defaulted = useRef(false);
  useEffect(() => {
    if (initial || defaulted.current || currentModuleId === null) return;
    defaulted.current = true;
    applySaved((d) => (d.moduleId === null && !d.isTemplate ? { ...d, moduleId: currentModuleId } : d));
  }, [initial, currentModuleId, applySaved]);
  const proceeded = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => editor.dirty && !editor.leaveAllowed() && currentLocation.pathname !== nextLocation.pathname,
  );

  const { draft, survey } = editor;
  const visibilityImmediate = draft.isTemplate && editor.surveyId !== null;
  const actions = useMemo(
    () => ({ setDraft: editor.setDraft, applySaved, visibilityImmediate }),
    [editor.setDraft, applySaved, visibilityImmediate],
  );
  const tabs = allTabs.filter((t) => (survey ? true : t.forNew) && (draft.isTemplate ? t.forTemplate : true));
  const title = draft.title.trim() || survey?.title || (draft.isTemplate ? 'Mẫu khảo sát mới' : 'Khảo sát mới');
  const action = survey && !survey.isTemplate ? STATUS_ACTIONS[survey.status] : null;

  return (
    <SurveyEditorContext.Provider value={editor}>
      <SurveyEditorActionsContext.Provider value={actions}>
        <div className="mx-auto max-w-5xl">
          <Link to={LIST} className="mb-3 inline-flex items-center gap-1.5 text-sm font-medium text-primary hover:underline">
            <ArrowLeft aria-hidden="true" className="size-4" />
            Quay lại danh sách khảo sát
          </Link>
          <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0">
              <h1 className="text-xl font-semibold break-words text-fg sm:text-2xl">{title}</h1>
              <div className="mt-2 flex flex-wrap gap-1.5">
                {draft.isTemplate ? <Badge tone="primary">Mẫu khảo sát</Badge> : null}
                <Badge>{SURVEY_TYPE_LABELS[draft.surveyType]}</Badge>
                {survey && !survey.isTemplate ? (
                  <Badge tone={survey.status === 'active' ? 'primary' : 'neutral'}>{SURVEY_STATUS_LABELS[survey.status]}</Badge>
                ) : null}
                {survey?.responseCount ? <Badge>{survey.responseCount} phản hồi</Badge> : null}
              </div>
            </div>
            {action ? (
              <Button variant={action.to === 'closed' ? 'secondary' : 'primary'} onClick={() => setStatusOpen(true)}>
                <action.icon aria-hidden="true" className="size-4" />
                {action.label}
              </Button>
            ) : null}
          </div>
          <UrlTabs
            label="Khảo sát"
            tabs={tabs.map((t) => ({
              key: t.key,
              label: t.label,
              content: (
                <Suspense fallback={<FormSkeleton label="Đang tải..." />}>
                  <t.component surveyId={editor.surveyId} survey={survey} />
                </Suspense>
              ),
            }))}
          />
        </div>

        {survey ? (
          <StatusDialog
            target={statusOpen ? { id: survey.id, title: survey.title, status: survey.status } : null}
            onClose={() => setStatusOpen(false)}
            note={editor.dirty ? 'Các thay đổi chưa lưu trong “Thiết kế” không thuộc bước này; hãy lưu khảo sát trước nếu cần.' : undefined}
            onDone={(next) => editor.applySaved((d) => ({ ...d, status: next.status }), next)}
          />
        ) : null}
        <ConfirmDialog
          open={blocker.state === 'blocked'}
          onClose={() => {
            if (!proceeded.current && blocker.state === 'blocked') blocker.reset();
            proceeded.current = false;
          }}
          title="Rời trang khi chưa lưu?"
          message="Khảo sát có thay đổi chưa lưu. Nếu rời trang, các thay đổi này sẽ bị mất."
          confirmLabel="Rời trang"
          onConfirm={async () => {
            proceeded.current = true;
            if (blocker.state === 'blocked') blocker.proceed();
          }}
        />
      </SurveyEditorActionsContext.Provider>
    </SurveyEditorContext.Provider>
  );
}
