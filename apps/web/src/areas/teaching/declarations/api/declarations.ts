import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ZPage } from '@app/shared/api';
import {
  ZBulkApproveResult,
  ZDeclarationAttachment,
  ZDeclarationDetail,
  ZDeclarationSummary,
  type TBulkApproveResult,
  type TDeclarationAttachment,
  type TDeclarationDetail,
  type TDeclarationLinesInput,
  type TDeclarationSummary,
  type TDeclarationTransition,
} from '@app/shared/declarations';
import { downloadFile } from '@/components/data/export-button';
import { apiClient, unwrap, unwrapWithMessage } from '@/lib/api-client';
import { DECLARATIONS_ROOT, declarationKey, declarationListKey } from './keys';

export type DeclarationPage = { items: TDeclarationSummary[]; total: number; page: number; limit: number };

/** GET /teaching/declarations?periodId=&departmentId=&status=&search=&page=&limit=: the declarations in the caller's scope. */
export async function listDeclarations(params: Record<string, string>): Promise<DeclarationPage> {
  const res = await apiClient.get(DECLARATIONS_ROOT, { params });
  return unwrap(ZPage(ZDeclarationSummary), res.data) as DeclarationPage;
}

export function useDeclarations(params: Record<string, string>, enabled = true) {
  return useQuery({
    queryKey: declarationListKey(params),
    queryFn: () => listDeclarations(params),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET /teaching/declarations/{id}: lines, the server's figures, what the caller may do, the history. */
export async function getDeclaration(id: number): Promise<TDeclarationDetail> {
  const res = await apiClient.get(`${DECLARATIONS_ROOT}/${id}`);
  return unwrap(ZDeclarationDetail, res.data);
}

export function useDeclaration(id: number | null) {
  return useQuery({ queryKey: declarationKey(id), queryFn: () => getDeclaration(id as number), enabled: id !== null });
}

type Written = { data: TDeclarationDetail; message?: string };

/** POST /teaching/declarations: a teacher's declaration for a period, its lines prefilled by the server. */
export async function createDeclaration(periodId: number, teacherId: number): Promise<Written> {
  const res = await apiClient.post(DECLARATIONS_ROOT, { periodId, teacherId });
  return unwrapWithMessage(ZDeclarationDetail, res.data);
}

/** PUT /teaching/declarations/{id}/lines: the whole set of lines with the version read (409 when stale or locked). */
export async function saveLines(id: number, input: TDeclarationLinesInput): Promise<Written> {
  const res = await apiClient.put(`${DECLARATIONS_ROOT}/${id}/lines`, input);
  return unwrapWithMessage(ZDeclarationDetail, res.data);
}

/** POST /teaching/declarations/{id}/{submit|approve|return|confirm|lock|unlock} with the version read and a comment. */
export async function transition(
  id: number,
  action: TDeclarationTransition,
  input: { version: number; comment?: string },
): Promise<Written> {
  const res = await apiClient.post(`${DECLARATIONS_ROOT}/${id}/${action}`, input);
  return unwrapWithMessage(ZDeclarationDetail, res.data);
}

/** POST /teaching/declarations/bulk-approve: the head approves the chosen submitted declarations at once. */
export async function bulkApprove(ids: number[]): Promise<{ data: TBulkApproveResult; message?: string }> {
  const res = await apiClient.post(`${DECLARATIONS_ROOT}/bulk-approve`, { ids });
  return unwrapWithMessage(ZBulkApproveResult, res.data);
}

/** POST /teaching/declarations/{id}/attachments (multipart "file", optional "lineId"): a PDF or image ≤ 5 MB. */
export async function uploadAttachment(
  id: number,
  file: File,
  lineId: number | null,
): Promise<{ data: TDeclarationAttachment; message?: string }> {
  const form = new FormData();
  form.append('file', file);
  if (lineId !== null) form.append('lineId', String(lineId));
  // Not JSON: axios would otherwise turn the FormData into a JSON object; the browser adds the boundary.
  const res = await apiClient.post(`${DECLARATIONS_ROOT}/${id}/attachments`, form, { headers: { 'Content-Type': 'multipart/form-data' } });
  return unwrapWithMessage(ZDeclarationAttachment, res.data);
}

/** DELETE /teaching/declarations/{id}/attachments/{attachmentId}. */
export async function deleteAttachment(id: number, attachmentId: number): Promise<{ message?: string }> {
  const res = await apiClient.delete(`${DECLARATIONS_ROOT}/${id}/attachments/${attachmentId}`);
  return unwrapWithMessage(z.unknown(), res.data);
}

/** GET /teaching/declarations/{id}/attachments/{attachmentId}: the file, with the bearer token (a plain link could not send it). */
export const downloadAttachment = (id: number, a: TDeclarationAttachment) =>
  downloadFile(`${DECLARATIONS_ROOT}/${id}/attachments/${a.id}`, undefined, a.fileName);

/** Every declaration of a period in scope (100 a page), for counts per department. */
export function useAllDeclarations(periodId: number) {
  return useQuery({
    queryKey: declarationListKey({ periodId: String(periodId), all: '1' }),
    queryFn: async (): Promise<TDeclarationSummary[]> => {
      const rows: TDeclarationSummary[] = [];
      for (let page = 1; ; page++) {
        const res = await listDeclarations({ periodId: String(periodId), limit: '100', page: String(page) });
        rows.push(...res.items);
        if (res.items.length === 0 || rows.length >= res.total) return rows;
      }
    },
  });
}
