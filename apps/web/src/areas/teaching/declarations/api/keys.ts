/** The query keys of the part; every key starts with 'declarations' and the path, so one write can refresh them all. */
export const DECLARATIONS_ROOT = '/v1/teaching/declarations';
export const periodsKey = ['declarations', `${DECLARATIONS_ROOT}/periods`] as const;
export const declarationListKey = (params: Record<string, string>) => ['declarations', DECLARATIONS_ROOT, params] as const;
export const declarationKey = (id: number | null) => ['declarations', `${DECLARATIONS_ROOT}/${id}`] as const;
export const historySearchKey = (params: Record<string, string>) => ['declarations', `${DECLARATIONS_ROOT}/history`, params] as const;
