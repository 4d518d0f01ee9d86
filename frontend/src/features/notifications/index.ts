export { notificationKeys } from '@/features/notifications/api/keys';
export { UndeliveredNotice } from '@/features/notifications/undelivered-notice';
