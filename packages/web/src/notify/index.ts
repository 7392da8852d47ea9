export { type Notification, type NotificationType, notify, useNotifications } from './store.ts';
