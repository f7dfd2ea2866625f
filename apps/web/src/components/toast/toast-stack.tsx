import { Notifications } from '@mantine/notifications';
import { toastTimeoutMs } from '@/components/toast/toast';

/** Mantine's stack of toasts, top right. */
export function ToastStack() {
  return <Notifications position="top-right" autoClose={toastTimeoutMs} />;
}
