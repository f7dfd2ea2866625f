import { isActiveTargetState, type LabTargetSummary, type Target } from '@hackclass/contracts';
import { Card } from '@mantine/core';
import { ListError } from '@/components/feedback/list-states';
import { Spinner } from '@/components/feedback/spinner';
import { useMyTarget } from '../api/get-my-target';
import { useTarget } from '../api/get-target';
import { PanelFrame, TargetView } from './target-view';

interface TargetPanelProps {
  classroomId: string;
  labId: string;
  summary: LabTargetSummary;
  /** Whether this server has an engine for targets (`/config.json`). */
  enabled: boolean;
}

/** The lab page's live target: Start, then its status, how to reach it, time left and actions. */
export function TargetPanel({ classroomId, labId, summary, enabled }: TargetPanelProps) {
  // A server with an engine may have lost it for a while: the panel notices it back.
  const mine = useMyTarget(classroomId, labId, enabled);
  const known = mine.data?.target ?? null;
  const engineAvailable = mine.data?.engineAvailable ?? false;

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="lab-target">
      {mine.isPending ? (
        <PanelFrame>
          <Spinner size="sm" label="Loading your target" />
        </PanelFrame>
      ) : mine.isError ? (
        <PanelFrame>
          <ListError message="Could not load your target." onRetry={() => void mine.refetch()} />
        </PanelFrame>
      ) : known && isActiveTargetState(known.state) ? (
        <LiveTarget
          known={known}
          labId={labId}
          summary={summary}
          enabled={enabled}
          engineAvailable={engineAvailable}
        />
      ) : (
        <TargetView
          target={known}
          classroomId={classroomId}
          labId={labId}
          summary={summary}
          enabled={enabled}
          engineAvailable={engineAvailable}
        />
      )}
    </Card>
  );
}

/** A target that holds a container: asked for again while it starts or stops. */
function LiveTarget({
  known,
  labId,
  summary,
  enabled,
  engineAvailable,
}: {
  known: Target;
  labId: string;
  summary: LabTargetSummary;
  enabled: boolean;
  engineAvailable: boolean;
}) {
  const target = useTarget(known).data;
  return (
    <TargetView
      target={target}
      classroomId={target.classroomId}
      labId={labId}
      summary={summary}
      enabled={enabled}
      engineAvailable={engineAvailable}
    />
  );
}
