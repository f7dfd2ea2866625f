import { notifications, notificationsStore } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconInfoCircle, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { type ToastAction, ToastBody } from '@/components/toast/toast-body';

/** Spec §9: toasts close after 5 s unless told otherwise. */
export const toastTimeoutMs = 5000;

type Kind = 'success' | 'error' | 'info' | 'warning';

export interface ToastOptions {
  title: string;
  description?: ReactNode;
  kind?: Kind;
  /** Replaces the default icon of the kind. */
  icon?: ReactNode;
  avatar?: { src?: string | null; name: string };
  actions?: ToastAction[];
  /** Milliseconds, or false to stay until closed. */
  timeout?: number | false;
  /** Showing a toast with the id of an open one replaces it instead of stacking a second. */
  id?: string;
}

const looks: Record<Kind, { color: string; icon: ReactNode }> = {
  success: { color: 'green', icon: <IconCheck size={18} aria-hidden /> },
  error: { color: 'red', icon: <IconX size={18} aria-hidden /> },
  info: { color: 'blue', icon: <IconInfoCircle size={18} aria-hidden /> },
  warning: { color: 'yellow', icon: <IconAlertTriangle size={18} aria-hidden /> },
};

let sequence = 0;

/** Shows a toast (DESIGN §4): title, description, icon, avatar, actions, Close, time-left bar. */
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
    color: looks[kind].color,
    icon: options.icon ?? looks[kind].icon,
    // Our own clock (ToastBody) closes it, so the progress bar and the close agree.
    autoClose: false,
    withCloseButton: true,
    closeButtonProps: { 'aria-label': 'Close', title: 'Close' },
    message: (
      <ToastBody
        key={sequence}
        description={options.description}
        avatar={options.avatar}
        actions={actions}
        timeout={timeout}
        onTimeout={close}
      />
    ),
  });
  return id;
}

type Shortcut = (title: string, description?: ReactNode, more?: Partial<ToastOptions>) => string;
const shortcut =
  (kind: Kind): Shortcut =>
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
