/**
 * The query keys of regulations. Each key's second item is an API path under REGULATIONS_ROOT, so one write
 * refreshes every list, detail and report through `invalidate: [REGULATIONS_ROOT]`.
 */
export const REGULATIONS_ROOT = '/v1/regulations';
export const PUBLISHED_PATH = `${REGULATIONS_ROOT}/published`;
export const detailKey = (id: number) => ['regulations', `${REGULATIONS_ROOT}/${id}`] as const;
export const publishedKey = (id: number) => ['regulations', `${PUBLISHED_PATH}/${id}`] as const;
export const reportKey = (id: number) => ['regulations', `${REGULATIONS_ROOT}/${id}/report`] as const;
export const classKey = (id: number, classId: number) => ['regulations', `${REGULATIONS_ROOT}/${id}/report/classes/${classId}`] as const;
export const categoriesKey = ['regulations', `${REGULATIONS_ROOT}/categories`] as const;
export const homeroomKey = ['regulations', `${REGULATIONS_ROOT}/homeroom`] as const;
