import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ZSurveyInput, type TSurvey } from '@app/shared/surveys';
import { errorMessage } from '@/lib/api-client';
import { invalidatePaths } from '@/components/data/use-api-mutation';
import { adminSurveyQuery, saveSurvey, SURVEYS_PATH } from './api/admin-surveys-api';
import { NO_ERRORS, placeIssues, serverIssues, type DraftErrors } from './lib/draft-errors';
import { draftFromSurvey, draftSignature, toSurveyBody, type SurveyDraft } from './lib/survey-draft';

/**
 * The survey being edited, held by the detail page above its tabs, so switching tabs keeps what
 * was typed. The builder tab reads and edits it; other tabs get the saved survey as props.
 */
export interface SurveyEditor {
  /** null until the new survey is saved. */
  surveyId: number | null;
  /** The survey as the server last answered it. */
  survey: TSurvey | null;
  draft: SurveyDraft;
  setDraft: (edit: (d: SurveyDraft) => SurveyDraft) => void;
  /** A change the server already has (status, template visibility): applied to the draft and to what "unsaved" compares with. */
  applySaved: (edit: (d: SurveyDraft) => SurveyDraft, survey?: TSurvey) => void;
  dirty: boolean;
  saving: boolean;
  /** Checks with the shared schema, then POST/PUT. Resolves true when saved. */
  save: () => Promise<boolean>;
  /** Back to the last saved survey. */
  reset: () => void;
  errors: DraftErrors;
  /** The server's refusal (400/409 …), shown at the top; the draft stays as typed. */
  serverError: string | null;
  /** Lets the next navigation through without the unsaved-changes question (after saving a new survey). */
  allowLeave: () => void;
  leaveAllowed: () => boolean;
  /** Changes when the draft is replaced wholesale (saved, reset): fields that keep their own text remount. */
  version: number;
}

export const SurveyEditorContext = createContext<SurveyEditor | null>(null);

/**
 * What the editors of sections, questions and grid groups need, stable while typing: with it (and
 * not the whole editor) they can be memoised, so a keystroke re-renders one question, not all.
 */
export interface SurveyEditorActions {
  setDraft: SurveyEditor['setDraft'];
  applySaved: SurveyEditor['applySaved'];
  /** A saved template: a saved question's teacher visibility is written at once. */
  visibilityImmediate: boolean;
}
export const SurveyEditorActionsContext = createContext<SurveyEditorActions | null>(null);

export function useSurveyEditorActions(): SurveyEditorActions {
  const ctx = useContext(SurveyEditorActionsContext);
  if (!ctx) throw new Error('useSurveyEditorActions must be used inside the survey detail page');
  return ctx;
}

export function useSurveyEditorContext(): SurveyEditor {
  const ctx = useContext(SurveyEditorContext);
  if (!ctx) throw new Error('useSurveyEditorContext must be used inside the survey detail page');
  return ctx;
}

export function useSurveyEditor(initial: TSurvey | null, makeNew: () => SurveyDraft): SurveyEditor {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [survey, setSurvey] = useState<TSurvey | null>(initial);
  const [baseline, setBaseline] = useState<SurveyDraft>(() => (initial ? draftFromSurvey(initial) : makeNew()));
  const [draft, setDraftState] = useState<SurveyDraft>(baseline);
  const [saving, setSaving] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<DraftErrors>(NO_ERRORS);
  const [serverError, setServerError] = useState<string | null>(null);
  const leaveOk = useRef(false);
  const [version, setVersion] = useState(0);

  const signature = useMemo(() => draftSignature(draft), [draft]);
  const baseSignature = useMemo(() => draftSignature(baseline), [baseline]);
  const dirty = signature !== baseSignature;

  // After a first try, the schema's messages follow the typing (and vanish once a part is right).
  const clientErrors = useMemo(() => {
    if (!attempted) return NO_ERRORS;
    const { body, map } = toSurveyBody(draft);
    const r = ZSurveyInput.safeParse(body);
    return r.success ? NO_ERRORS : placeIssues(r.error.issues, map);
  }, [attempted, draft]);
  const errors = clientErrors.list.length ? clientErrors : serverErrors;

  const setDraft = useCallback((edit: (d: SurveyDraft) => SurveyDraft) => setDraftState(edit), []);
  const applySaved = useCallback((edit: (d: SurveyDraft) => SurveyDraft, next?: TSurvey) => {
    setDraftState(edit);
    setBaseline(edit);
    if (next) setSurvey(next);
  }, []);

  const surveyId = survey?.id ?? null;
  const save = useCallback(async () => {
    const { body, map } = toSurveyBody(draft);
    setAttempted(true);
    setServerError(null);
    setServerErrors(NO_ERRORS);
    const check = ZSurveyInput.safeParse(body);
    if (!check.success) return false;
    setSaving(true);
    try {
      const res = await saveSurvey(surveyId, body);
      const next = draftFromSurvey(res.survey);
      setSurvey(res.survey);
      setBaseline(next);
      setDraftState(next);
      setAttempted(false);
      setVersion((v) => v + 1);
      client.setQueryData(adminSurveyQuery(res.survey.id).queryKey, res.survey);
      void invalidatePaths(client, [SURVEYS_PATH]);
      toast.success(res.message ?? 'Đã lưu khảo sát.');
      if (surveyId === null) {
        leaveOk.current = true;
        void navigate(`/admin/surveys/${res.survey.id}?tab=builder`, { replace: true });
      }
      return true;
    } catch (err) {
      setServerError(errorMessage(err, 'Không thể lưu khảo sát. Vui lòng thử lại sau.'));
      setServerErrors(placeIssues(serverIssues(err), map));
      return false;
    } finally {
      setSaving(false);
    }
  }, [draft, surveyId, client, navigate]);

  const reset = useCallback(() => {
    setDraftState(baseline);
    setVersion((v) => v + 1);
    setAttempted(false);
    setServerError(null);
    setServerErrors(NO_ERRORS);
  }, [baseline]);

  // Closing or reloading the tab with unsaved changes: the browser asks.
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  return {
    surveyId,
    survey,
    draft,
    setDraft,
    applySaved,
    dirty,
    saving,
    save,
    reset,
    errors,
    serverError,
    allowLeave: () => {
      leaveOk.current = true;
    },
    leaveAllowed: () => leaveOk.current,
    version,
  };
}
