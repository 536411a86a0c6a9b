/**
 * The paths of the forms area. Lists go through the kit (query keys ['list', path …]); reads here are
 * keyed ['forms', path …]: invalidating FORMS_ROOT refreshes kinds, forms, lists and absences at once.
 */
export const FORMS_ROOT = '/v1/forms';
export const KINDS_PATH = `${FORMS_ROOT}/kinds`;
export const MINE_PATH = `${FORMS_ROOT}/mine`;
export const REQUESTS_PATH = `${FORMS_ROOT}/requests`;
export const formPath = (id: number) => `${REQUESTS_PATH}/${id}`;
export const formKey = (id: number | null) => ['forms', `${REQUESTS_PATH}/${id}`] as const;
export const kindsKey = ['forms', KINDS_PATH] as const;
export const HOLIDAYS_PATH = `${FORMS_ROOT}/holidays`;
export const holidaysKey = ['forms', HOLIDAYS_PATH] as const;
