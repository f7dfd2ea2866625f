import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';
import { toastTimeoutMs } from '@/lib/toast';

const Notifications = lazy(() =>
  import('@mantine/notifications').then((m) => ({ default: m.Notifications })),
);

/**
 * Where toasts show. Most first pages show none, so Mantine's stack of them loads with the first
 * toast (it stays for the next ones); toasts shown meanwhile wait in the store.
 */
export function ToastContainer() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" autoClose={toastTimeoutMs} />
    </Suspense>
  );
}
