import { toast } from 'sonner';
import { errorMessage } from '@/lib/api-client';
import { setTemplateQuestionsVisibility, setTemplateQuestionVisibility } from '../api/admin-surveys-api';
import { allQuestions, updateQuestion } from '../lib/draft-ops';
import type { DraftQuestion, SurveyDraft } from '../lib/survey-draft';
import { useSurveyEditorActions, useSurveyEditorContext } from '../survey-editor';

/**
 * "Giáo viên xem được kết quả". On a saved template a saved question's flag is written at once
 * through the spec's template-question calls (PUT …/visibility, POST …/bulk-visibility); anywhere
 * else it is part of the draft and saved with the survey.
 */
export function useVisibility() {
  const { setDraft, applySaved, visibilityImmediate } = useSurveyEditorActions();
  return async (q: DraftQuestion, visible: boolean) => {
    if (!visibilityImmediate || q.id === undefined) {
      setDraft((d) => updateQuestion(d, q.key, { visibleToTeacher: visible }));
      return;
    }
    try {
      const res = await setTemplateQuestionVisibility(q.id, visible);
      applySaved((d) => updateQuestion(d, q.key, { visibleToTeacher: visible }));
      toast.success(res.message ?? 'Đã cập nhật quyền xem của giáo viên.');
    } catch (err) {
      toast.error(errorMessage(err, 'Không thể cập nhật quyền xem của giáo viên.'));
    }
  };
}

const setIn = (keys: Set<string>, visibleToTeacher: boolean) => (d: SurveyDraft) =>
  allQuestions(d)
    .filter((q) => keys.has(q.key))
    .reduce((acc, q) => updateQuestion(acc, q.key, { visibleToTeacher }), d);

/** Every question at once (a saved template: its saved questions in one bulk call). */
export function useVisibilityForAll() {
  const ed = useSurveyEditorContext();
  const { visibilityImmediate } = useSurveyEditorActions();
  const setAll = async (visible: boolean) => {
    const qs = allQuestions(ed.draft);
    const saved = visibilityImmediate ? qs.filter((q) => q.id !== undefined) : [];
    const unsaved = qs.filter((q) => !saved.includes(q));
    ed.setDraft(setIn(new Set(unsaved.map((q) => q.key)), visible));
    if (!saved.length) return;
    try {
      const res = await setTemplateQuestionsVisibility(
        saved.map((q) => q.id!),
        visible,
      );
      ed.applySaved(setIn(new Set(saved.map((q) => q.key)), visible));
      toast.success(res.message ?? 'Đã cập nhật quyền xem của giáo viên.');
    } catch (err) {
      toast.error(errorMessage(err, 'Không thể cập nhật quyền xem của giáo viên.'));
    }
  };
  return { setAll, immediate: visibilityImmediate };
}
