// The notifications area's face (issue 17): the bell's parts for the header, the preferences for the profile page.
export { NotificationPanel } from './components/notification-panel';
export { NotificationPreferences } from './components/notification-preferences';
export { useUnreadCount } from './api/get-unread-count';
export { useNotificationStream } from './lib/use-notification-stream';
