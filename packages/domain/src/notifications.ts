/** Notifications (spec sections 3, 4, 9): success or error, nothing else; removed after 5 s. */
export const NOTIFICATION_STATES = ['success', 'error'] as const;
export type NotificationState = (typeof NOTIFICATION_STATES)[number];

/** Where a notification leads, e.g. « Voir le panier » after an addition (an internal path). */
export type NotificationLink = { to: string; label: string };

export type Notification = {
  id: number;
  message: string;
  state: NotificationState;
  link?: NotificationLink;
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
export function createNotification(id: number, message: string, state: unknown, link?: NotificationLink): Notification {
  if (!isNotificationState(state)) {
    throw new InvalidNotificationError(`État de notification refusé : ${String(state)} (success ou error attendu).`);
  }
  if (message.trim() === '') throw new InvalidNotificationError('Une notification doit avoir un message.');
  return link ? { id, message, state, link } : { id, message, state };
}

/** A link a notice may carry from the server: an internal path (one slash, no scheme) and a label. */
export function isNotificationLink(value: unknown): value is NotificationLink {
  if (!value || typeof value !== 'object') return false;
  const { to, label } = value as Record<string, unknown>;
  return typeof to === 'string' && /^\/(?![/\\])/.test(to) && typeof label === 'string' && label.trim() !== '';
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
