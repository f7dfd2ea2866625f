import { notifications, notificationsStore } from '@mantine/notifications';
import { lazy, type ReactNode, Suspense } from 'react';
import type { ToastAction } from '@/components/toast/toast-body';
import type { ToastKind } from '@/components/toast/toast-icon';
import { loadModule } from '@/lib/load-module';

// These load with the toast stack (ToastContainer), when the first toast shows.
const ToastBody = lazy(() =>
  loadModule(() => import('@/components/toast/toast-body')).then((m) => ({ default: m.ToastBody })),
);
const ToastIcon = lazy(() =>
  loadModule(() => import('@/components/toast/toast-icon')).then((m) => ({ default: m.ToastIcon })),
);

/** Toasts close after 5 s unless told otherwise. */
export const toastTimeoutMs = 5000;

export interface ToastOptions {
  title: string;
  description?: ReactNode;
  kind?: ToastKind;
  /** Replaces the default icon of the kind. */
  icon?: ReactNode;
  avatar?: { src?: string | null; name: string };
  actions?: ToastAction[];
  /** Milliseconds, or false to stay until closed. */
  timeout?: number | false;
  /** Showing a toast with the id of an open one replaces it instead of stacking a second. */
  id?: string;
}

const colors: Record<ToastKind, string> = {
  success: 'green',
  error: 'red',
  info: 'blue',
  warning: 'yellow',
};

let sequence = 0;

/** Shows a toast: title, description, icon, avatar, actions, Close, time-left bar. */
function show(options: ToastOptions): string {
  const { kind = 'info', timeout = toastTimeoutMs } = options;
  sequence += 1;
  const id = options.id ?? `toast-${sequence}`;
  const close = () => notifications.hide(id);
  const actions = options.actions?.map((action) => ({
    ...action,
    onClick: () => {
      action.onClick();
      if (action.closes !== false) close();
    },
  }));
  const open = notificationsStore.getState().notifications.some((item) => item.id === id);
  (open ? notifications.update : notifications.show)({
    id,
    title: options.title,
    color: colors[kind],
    icon: options.icon ?? (
      <Suspense fallback={null}>
        <ToastIcon kind={kind} />
      </Suspense>
    ),
    // Our own clock (ToastBody) closes it, so the progress bar and the close agree.
    autoClose: false,
    withCloseButton: true,
    closeButtonProps: { 'aria-label': 'Close', title: 'Close' },
    message: (
      <Suspense key={sequence} fallback={null}>
        <ToastBody
          description={options.description}
          avatar={options.avatar}
          actions={actions}
          timeout={timeout}
          onTimeout={close}
        />
      </Suspense>
    ),
  });
  return id;
}

type Shortcut = (title: string, description?: ReactNode, more?: Partial<ToastOptions>) => string;
const shortcut =
  (kind: ToastKind): Shortcut =>
  (title, description, more) =>
    show({ ...more, title, description, kind });

export const toast = {
  show,
  success: shortcut('success'),
  error: shortcut('error'),
  info: shortcut('info'),
  warning: shortcut('warning'),
  hide: (id: string) => notifications.hide(id),
};
