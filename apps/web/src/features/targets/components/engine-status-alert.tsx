import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTargetEngine } from '../api/get-target-engine';

/**
 * Tells admins when no target can start: the engine does not answer, or the host firewall
 * guard is not in place. Nothing is shown while all is well, or while it is being asked.
 */
export function EngineStatusAlert() {
  const engine = useTargetEngine();
  if (engine.data?.status !== 'degraded') return null;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title="Live targets cannot start"
    >
      {engine.data.detail ?? 'The container engine does not answer.'}
    </Alert>
  );
}
