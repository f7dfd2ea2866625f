import { IconAlertTriangle, IconCheck, IconInfoCircle, IconX } from '@tabler/icons-react';
import type { ToastKind } from '@/lib/toast';

const icons = {
  success: IconCheck,
  error: IconX,
  info: IconInfoCircle,
  warning: IconAlertTriangle,
};

/** The default icon of a kind of toast. */
export function ToastIcon({ kind }: { kind: ToastKind }) {
  const Icon = icons[kind];
  return <Icon size={18} aria-hidden />;
}
