import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { ZSurvey, ZSurveyListItem, type TSurvey } from '@app/shared/surveys';
import { apiClient, unwrap, unwrapWithMessage } from '@/lib/api-client';
import { sendWrite } from '@/components/data/use-api-mutation';
import type { SurveyBody } from '../lib/survey-draft';

/** Survey authoring calls (spec section 7 "Surveys" and "Templates"). */
export const SURVEYS_PATH = '/v1/surveys';

/** Keyed under the list path, so every survey write (which invalidates it) refreshes the detail too. */
export const adminSurveyQuery = (id: number | null) =>
  queryOptions({
    queryKey: ['detail', `${SURVEYS_PATH}/${id}`] as const,
    queryFn: async (): Promise<TSurvey> => unwrap(ZSurvey, (await apiClient.get(`${SURVEYS_PATH}/${id}`)).data),
    enabled: id !== null,
  });

/** POST /surveys (new) or PUT /surveys/{id}: the whole survey; answers the survey as GET does. */
export async function saveSurvey(id: number | null, body: SurveyBody): Promise<{ survey: TSurvey; message?: string }> {
  const res = id === null ? await apiClient.post(SURVEYS_PATH, body) : await apiClient.put(`${SURVEYS_PATH}/${id}`, body);
  const { data, message } = unwrapWithMessage(ZSurvey, res.data);
  return { survey: data, message };
}

/** POST /surveys/uploads/cover (multipart, field "file") → the public `/uploads/…` path. */
export async function uploadCover(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  // Not JSON: axios would otherwise turn the FormData into a JSON object; the browser adds the boundary.
  const res = await apiClient.post(`${SURVEYS_PATH}/uploads/cover`, form, { headers: { 'Content-Type': 'multipart/form-data' } });
  return unwrapWithMessage(z.object({ url: z.string() }), res.data).data.url;
}

/** PUT /templates/template-questions/{id}/visibility and the bulk call: whether teachers see a template question's results. */
export const setTemplateQuestionVisibility = (questionId: number, visibleToTeacher: boolean) =>
  sendWrite('put', `/v1/templates/template-questions/${questionId}/visibility`, { visibleToTeacher });
export const setTemplateQuestionsVisibility = (questionIds: number[], visibleToTeacher: boolean) =>
  sendWrite('post', '/v1/templates/template-questions/bulk-visibility', { questionIds, visibleToTeacher });

export const ZApplyTemplateResult = z.array(ZSurveyListItem);
