import { isActiveTargetState, type Target } from '@hackclass/contracts';
import { Alert, Anchor, Button, Group, Select, Stack, Text } from '@mantine/core';
import {
  IconExternalLink,
  IconFileDownload,
  IconPlayerPlay,
  IconTerminal2,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ListError } from '@/components/feedback/list-states';
import { Spinner } from '@/components/feedback/spinner';
import { toast } from '@/components/toast/toast';
import { paths } from '@/config/paths';
import { problemText } from '@/lib/problem-text';
import { useCopyLabFiles } from '../api/copy-lab-files';
import { useMyBox } from '../api/get-my-box';
import { targetKeys } from '../api/keys';
import { useStartBox } from '../api/start-box';
import { TargetActions } from './target-actions';
import { TerminalScreen } from './terminal-screen';
import { TimeLeft } from './time-left';

/** The lab whose page opened the box: its files may go in the box. */
export interface BoxLab {
  id: string;
  slug: string;
  name: string;
  fileCount: number;
}

/** A classroom a student may start their box from. */
export interface BoxClassroom {
  id: string;
  name: string;
}

interface BoxPanelProps {
  /** The classroom a Start starts from (a lab page's); otherwise the student picks one. */
  classroomId?: string;
  /** The classrooms the student is a member of; undefined while they load. */
  classrooms?: BoxClassroom[];
  /** The lab whose page opened the box. */
  lab?: BoxLab;
  /** The full-page terminal: it fills the page and links nowhere else. */
  fullPage?: boolean;
}

/**
 * The student's attack box: Start, then its terminal with its time left and actions; why it
 * ended when it did. One box per student, whichever page shows it.
 */
export function BoxPanel({ classroomId, classrooms, lab, fullPage = false }: BoxPanelProps) {
  const mine = useMyBox();
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: targetKeys.box() });
  // A box started here from a lab page gets the lab's files once it runs.
  const copyWhenRunning = useRef(false);

  if (mine.isPending) return <Spinner size="sm" label="Loading your attack box" />;
  if (mine.isError) {
    return (
      <ListError message="Could not load your attack box." onRetry={() => void mine.refetch()} />
    );
  }
  const { box, available, idleMinutes } = mine.data;
  if (box && box.state === 'running') {
    return (
      <Stack gap="sm" h={fullPage ? '100%' : undefined}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          {box.expiresAt && <TimeLeft expiresAt={box.expiresAt} onExpired={refresh} />}
          <Group gap="xs">
            {!fullPage && (
              <Anchor href={paths.terminal.getHref()} target="_blank" rel="noopener" size="sm">
                <Group gap={4} component="span">
                  Open in its own tab <IconExternalLink size={14} aria-hidden />
                </Group>
              </Anchor>
            )}
            {lab && lab.fileCount > 0 && (
              <LabFilesButton
                boxId={box.id}
                lab={lab}
                now={copyWhenRunning.current}
                onCopying={() => {
                  copyWhenRunning.current = false;
                }}
              />
            )}
            <TargetActions
              target={box}
              perStudent={false}
              onError={(error) =>
                toast.error('Could not change the attack box', problemText(error))
              }
            />
          </Group>
        </Group>
        <TerminalScreen boxId={box.id} onBoxEnded={refresh} fill={fullPage} />
        <Text size="xs" c="dimmed">
          Your targets answer by their lab’s name (nc &lt;lab&gt; 9000, curl http://&lt;lab&gt;/).
          The box stops after {idleMinutes} minutes without a keystroke.
        </Text>
      </Stack>
    );
  }
  if (box && isActiveTargetState(box.state)) {
    return (
      <Spinner
        size="sm"
        label={box.state === 'starting' ? 'Starting your attack box…' : 'Stopping your attack box…'}
      />
    );
  }
  return (
    <StartBox
      box={box}
      available={available}
      classroomId={classroomId}
      classrooms={classrooms}
      onStarting={() => {
        copyWhenRunning.current = true;
      }}
    />
  );
}

function StartBox({
  box,
  available,
  classroomId,
  classrooms,
  onStarting,
}: {
  box: Target | null;
  available: boolean;
  classroomId?: string;
  classrooms?: BoxClassroom[];
  onStarting(): void;
}) {
  const start = useStartBox();
  const joined = classrooms ?? [];
  const [picked, setPicked] = useState<string | null>(null);
  const from = classroomId ?? picked ?? (joined.length === 1 ? joined[0]?.id : undefined);
  const needsPick = classroomId === undefined && joined.length > 1;

  return (
    <Stack gap="sm" align="flex-start">
      {box?.state === 'failed' && (
        <Alert color="red" variant="light" title="Your attack box failed">
          {box.failure?.message ?? 'It could not start.'}
        </Alert>
      )}
      {(box?.state === 'expired' || box?.state === 'stopped') && (
        <Text size="sm">
          Your last attack box {box.state === 'expired' ? 'expired' : 'stopped'}.
        </Text>
      )}
      <Text size="sm">
        A terminal in your browser, with the tools of the course, that reaches your own targets.
      </Text>
      {needsPick && (
        <Select
          label="Start it from"
          placeholder="Pick a classroom"
          data={joined.map((classroom) => ({ value: classroom.id, label: classroom.name }))}
          value={picked}
          onChange={setPicked}
        />
      )}
      {!available ? (
        <Text size="sm" c="dimmed">
          Attack boxes are not available on this server right now.
        </Text>
      ) : classroomId === undefined && classrooms !== undefined && joined.length === 0 ? (
        <Text size="sm" c="dimmed">
          Join a classroom to start an attack box.
        </Text>
      ) : (
        <Button
          leftSection={<IconPlayerPlay size={16} aria-hidden />}
          loading={start.isPending}
          disabled={from === undefined}
          onClick={() => {
            if (!from) return;
            onStarting();
            start.mutate(from);
          }}
        >
          Start terminal
        </Button>
      )}
      {start.isError && (
        <Alert color="red" variant="light" icon={<IconTerminal2 size={18} aria-hidden />}>
          {problemText(start.error)}
        </Alert>
      )}
    </Stack>
  );
}

/**
 * Puts the lab's files in the box, under ~/labs/<slug>, and says where they went: on a click, and
 * at once when `now` (a box just started from the lab's page).
 */
function LabFilesButton({
  boxId,
  lab,
  now,
  onCopying,
}: {
  boxId: string;
  lab: BoxLab;
  now: boolean;
  onCopying(): void;
}) {
  const copy = useCopyLabFiles();
  const put = () => {
    onCopying();
    copy.mutate(
      { boxId, labId: lab.id },
      {
        onSuccess: ({ folder, count }) =>
          toast.success(
            `${count === 1 ? 'One file' : `${count} files`} of ${lab.name} in ${folder}`,
          ),
        onError: (error) => toast.error('Could not put the files in the box', problemText(error)),
      },
    );
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the box first shows.
  useEffect(() => {
    if (now) put();
  }, []);
  return (
    <Button
      variant="default"
      size="xs"
      leftSection={<IconFileDownload size={14} aria-hidden />}
      loading={copy.isPending}
      onClick={put}
    >
      Put this lab’s files in ~/labs/{lab.slug}
    </Button>
  );
}
