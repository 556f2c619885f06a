import {
  createNotification,
  NOTIFICATION_LIFETIME_MS,
  type Notification,
  type NotificationLink,
  type NotificationState,
  notificationsReducer,
} from '@guichet/domain';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useReducer, useRef } from 'react';
import { AppLink } from './app-link';
import { CircleCheck, CircleX, X } from './icons';

/**
 * A notice an action leaves for the next page (the web keeps it in a cookie its root loader reads once), shown
 * as a notification: rendered with the page, so it shows without JavaScript too.
 */
export type ServerNotice = { id: string; message: string; state: NotificationState; link?: NotificationLink };

type NotificationsApi = {
  notifications: Notification[];
  /** Shows a message; the state must be success or error; `link` leads on (e.g. to the cart). Returns its id. */
  notify: (message: string, state: NotificationState, link?: NotificationLink) => number;
  remove: (id: number) => void;
};

const NotificationsContext = createContext<NotificationsApi | null>(null);

/**
 * The notification store: one per page tree (React state, never a module-level store shared by
 * server renders). Each notification removes itself after 5000 ms.
 */
export function NotificationsProvider({
  serverNotice = null,
  children,
}: {
  /** A notice left by a route action: rendered with the page, so it shows without JavaScript too. */
  serverNotice?: ServerNotice | null;
  children: ReactNode;
}) {
  const [notifications, dispatch] = useReducer(notificationsReducer, serverNotice, (notice) =>
    notice ? [createNotification(1, notice.message, notice.state, notice.link)] : [],
  );
  const nextId = useRef(serverNotice ? 2 : 1);
  const shownNotice = useRef(serverNotice?.id ?? null);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const remove = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    dispatch({ type: 'delete', id });
  }, []);

  const notify = useCallback(
    (message: string, state: NotificationState, link?: NotificationLink) => {
      const notification = createNotification(nextId.current++, message, state, link);
      dispatch({ type: 'add', notification });
      timers.current.set(
        notification.id,
        setTimeout(() => remove(notification.id), NOTIFICATION_LIFETIME_MS),
      );
      return notification.id;
    },
    [remove],
  );

  // Notifications rendered by the server start their 5 s once the page is interactive.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the first render's notifications.
  useEffect(() => {
    const pending = timers.current;
    for (const notification of notifications) {
      pending.set(
        notification.id,
        setTimeout(() => remove(notification.id), NOTIFICATION_LIFETIME_MS),
      );
    }
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
    };
  }, []);

  // A notice from an action during a client-side navigation arrives with new root data.
  useEffect(() => {
    if (!serverNotice || shownNotice.current === serverNotice.id) return;
    shownNotice.current = serverNotice.id;
    notify(serverNotice.message, serverNotice.state, serverNotice.link);
  }, [serverNotice, notify]);

  const api = useMemo(() => ({ notifications, notify, remove }), [notifications, notify, remove]);
  return (
    <NotificationsContext.Provider value={api}>
      {children}
      <NotificationRegion notifications={notifications} onClose={remove} />
    </NotificationsContext.Provider>
  );
}

export function useNotifications(): NotificationsApi {
  const api = useContext(NotificationsContext);
  if (!api) throw new Error('useNotifications doit être utilisé dans NotificationsProvider.');
  return api;
}

const look = {
  success: { Icon: CircleCheck, className: 'border-green-700 bg-green-50 text-green-900', iconClass: 'text-green-700' },
  error: { Icon: CircleX, className: 'border-red-700 bg-red-50 text-red-900', iconClass: 'text-red-700' },
} as const;

function NotificationRegion({
  notifications,
  onClose,
}: {
  notifications: Notification[];
  onClose: (id: number) => void;
}) {
  // The live region is always in the page so screen readers announce what is added to it. At the bottom of
  // the window: at the top it covered the header's cart and Connexion buttons for 5 s (issue 22).
  return (
    <section
      aria-label="Notifications"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-[60] flex flex-col items-center gap-2 px-4 sm:items-end"
    >
      {notifications.map((notification) => {
        const { Icon, className, iconClass } = look[notification.state];
        return (
          <div
            key={notification.id}
            role={notification.state === 'error' ? 'alert' : 'status'}
            data-state={notification.state}
            style={{ animationDelay: `${NOTIFICATION_LIFETIME_MS}ms` }}
            className={`notification-expire pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border-l-4 px-4 py-3 shadow-lg ${className}`}
          >
            <Icon className={`mt-0.5 size-5 shrink-0 ${iconClass}`} aria-hidden="true" />
            <div className="flex-1 text-sm">
              <p className="font-medium">{notification.message}</p>
              {notification.link ? (
                // AppLink: a works-council visitor, who has no cart button, reaches the cart from here in CSE mode.
                <AppLink
                  to={notification.link.to}
                  className="mt-1 inline-block font-semibold underline underline-offset-4"
                >
                  {notification.link.label}
                </AppLink>
              ) : null}
            </div>
            <button
              type="button"
              onClick={() => onClose(notification.id)}
              className="-m-1 inline-flex size-8 items-center justify-center rounded-full hover:bg-black/5"
              aria-label="Fermer la notification"
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          </div>
        );
      })}
    </section>
  );
}
