/**
 * The paths of the area. Its reads are keyed ['notifications', path …]; the list page goes through the
 * kit (['list', path …]): invalidating NOTIFICATIONS_ROOT refreshes the count, the bell and the page.
 */
export const NOTIFICATIONS_ROOT = '/v1/notifications';
export const COUNT_PATH = `${NOTIFICATIONS_ROOT}/unread-count`;
export const PREFERENCES_PATH = `${NOTIFICATIONS_ROOT}/preferences`;
export const STREAM_PATH = `${NOTIFICATIONS_ROOT}/stream`;
export const countKey = ['notifications', COUNT_PATH] as const;
export const latestKey = ['notifications', NOTIFICATIONS_ROOT, { latest: '1' }] as const;
export const preferencesKey = ['notifications', PREFERENCES_PATH] as const;
