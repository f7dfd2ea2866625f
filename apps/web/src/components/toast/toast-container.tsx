import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useState } from 'react';
import { loadModule } from '@/lib/load-module';
import { showNoticesWith } from '@/lib/notices';
import { toast } from './toast';

// The body and icons of the toasts too, so that the first one shows whole.
const ToastStack = lazy(() =>
  Promise.all([
    loadModule(() => import('./toast-stack')),
    loadModule(() => import('./toast-body')),
    loadModule(() => import('./toast-icon')),
  ]).then(([m]) => ({
    default: m.ToastStack,
  })),
);

/**
 * Where toasts show. Most first pages show none, so the stack of them loads with the first toast
 * (and stays for the next ones); toasts shown meanwhile wait in the store. The notices of the
 * HTTP and query clients show here as error toasts.
 */
export function ToastContainer() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  useEffect(() => showNoticesWith(({ title, id }) => toast.error(title, undefined, { id })), []);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastStack />
    </Suspense>
  );
}
