/** Notifications (spec sections 3, 4, 9): success or error, nothing else; removed after 5 s. */
export const NOTIFICATION_STATES = ['success', 'error'] as const;
export type NotificationState = (typeof NOTIFICATION_STATES)[number];

export type Notification = {
  id: number;
  message: string;
  state: NotificationState;
};

/** Display of each state: the spec's colour and icon names (lucide: circle-check, circle-x). */
export const NOTIFICATION_LOOK: Readonly<Record<NotificationState, { color: 'green' | 'red'; icon: string }>> = {
  success: { color: 'green', icon: 'check-circle' },
  error: { color: 'red', icon: 'cross-circle' },
};

export function isNotificationState(value: unknown): value is NotificationState {
  return typeof value === 'string' && (NOTIFICATION_STATES as readonly string[]).includes(value);
}

export class InvalidNotificationError extends Error {}

/** Builds a notification; any state other than success or error is refused. */
export function createNotification(id: number, message: string, state: unknown): Notification {
  if (!isNotificationState(state)) {
    throw new InvalidNotificationError(`État de notification refusé : ${String(state)} (success ou error attendu).`);
  }
  if (message.trim() === '') throw new InvalidNotificationError('Une notification doit avoir un message.');
  return { id, message, state };
}

export type NotificationAction = { type: 'add'; notification: Notification } | { type: 'delete'; id: number };

/** The store's transitions: add appends, delete removes by id (deleting twice is harmless). */
export function notificationsReducer(list: readonly Notification[], action: NotificationAction): Notification[] {
  switch (action.type) {
    case 'add':
      return [...list.filter((item) => item.id !== action.notification.id), action.notification];
    case 'delete':
      return list.filter((item) => item.id !== action.id);
  }
}
