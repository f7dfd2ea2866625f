import { IconAlertTriangle, IconCheck, IconInfoCircle, IconX } from '@tabler/icons-react';

/** The kinds of toast, each with its default icon. */
const icons = {
  success: IconCheck,
  error: IconX,
  info: IconInfoCircle,
  warning: IconAlertTriangle,
};

export type ToastKind = keyof typeof icons;

/** The default icon of a kind of toast. */
export function ToastIcon({ kind }: { kind: ToastKind }) {
  const Icon = icons[kind];
  return <Icon size={18} aria-hidden />;
}
