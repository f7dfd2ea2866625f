import { Anchor, Badge, Box, Breadcrumbs, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from '@/components/toast/toast';
import { paths } from '@/config/paths';
import { useClassroom } from '@/features/classrooms/api/get-classroom';
import { FirstSolverNote } from '@/features/classrooms/components/first-solve-mark';
import { FlagForm } from '@/features/classrooms/components/flag-form';
import { LabScheduleBadges } from '@/features/classrooms/components/lab-schedule-badges';
import { ExportArchiveButton } from '@/features/lab-archives/components/export-archive-button';
import { useLab } from '@/features/labs/api/get-lab';
import { HintUnlocksCard } from '@/features/labs/components/hint-unlocks-card';
import { HintsPanel } from '@/features/labs/components/hints-panel';
import { LabDetails } from '@/features/labs/components/lab-details';
import { TargetPanel } from '@/features/targets/components/target-panel';
import { usePageTitle } from '@/hooks/use-page-title';
import { getRuntimeConfig } from '@/lib/runtime-config';

/**
 * A lab; opened from a classroom (`?classroom=<id>`), with that classroom's flag form and hints,
 * and for its teacher who used which hint.
 */
export function LabRoute() {
  const { slug = '' } = useParams();
  const [search] = useSearchParams();
  const classroomId = search.get('classroom') ?? '';
  const navigate = useNavigate();
  const lab = useLab(slug);
  const classroom = useClassroom(classroomId, !!classroomId);
  usePageTitle(lab.data?.name ?? 'Hacking lab');

  const room = classroomId ? classroom.data : undefined;
  const inRoom = room?.hackingLabs.find((item) => item.slug === slug);

  return (
    <Stack gap="md">
      <Breadcrumbs>
        {room ? (
          [
            <Anchor key="room" component={Link} to={paths.classroom.getHref(room.id)} size="sm">
              {room.name}
            </Anchor>,
            <Anchor
              key="labs"
              component={Link}
              to={paths.classroomHackingLabs.getHref(room.id)}
              size="sm"
            >
              Hacking labs
            </Anchor>,
          ]
        ) : (
          <Anchor component={Link} to={paths.hackingLabs.getHref()} size="sm">
            Hacking labs
          </Anchor>
        )}
        <span aria-current="page">{lab.data?.name ?? slug}</span>
      </Breadcrumbs>
      <LabDetails
        slug={slug}
        apiBaseUrl={getRuntimeConfig().apiBaseUrl}
        actions={
          lab.data?.can.edit && (
            <ExportArchiveButton
              source={{ kind: 'lab', labId: lab.data.id, slug: lab.data.slug }}
              label="Export"
            />
          )
        }
        aside={
          room &&
          inRoom &&
          (inRoom.availability === 'locked' ? (
            <Card withBorder padding="lg" component="section" aria-labelledby="lab-locked">
              <Title order={2} size="h4" id="lab-locked" mb="xs">
                Locked
              </Title>
              <Text size="sm" c="dimmed" mb="sm">
                This lab opens in {room.name} once you solved the labs it requires.
              </Text>
              <LabScheduleBadges lab={inRoom} />
            </Card>
          ) : (
            <>
              <LabScheduleBadges lab={inRoom} />
              {room.can.runTargets && lab.data?.target && (
                <TargetPanel
                  classroomId={room.id}
                  labId={inRoom.id}
                  summary={lab.data.target}
                  enabled={getRuntimeConfig().targets.enabled}
                />
              )}
              {room.can.submitFlags && (
                <Card withBorder padding="lg" component="section" aria-labelledby="lab-solve">
                  <Group justify="space-between" gap="xs" mb="xs">
                    <Title order={2} size="h4" id="lab-solve">
                      Submit a flag
                    </Title>
                    {inRoom.solved && (
                      <Badge color="green" variant="light" radius={0}>
                        Solved
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm" c="dimmed" mb="sm">
                    For {room.name} · {inRoom.solveCount}{' '}
                    {inRoom.solveCount === 1 ? 'solve' : 'solves'}
                    {inRoom.scoring === 'dynamic' && ` · worth ${inRoom.points} points now`}
                  </Text>
                  {inRoom.firstSolver && (
                    <Box mb="sm">
                      <FirstSolverNote name={inRoom.firstSolver.name} />
                    </Box>
                  )}
                  <FlagForm classroomId={room.id} labId={inRoom.id} labName={inRoom.name} />
                </Card>
              )}
              {(room.can.submitFlags || room.can.manage) && (
                <HintsPanel
                  classroomId={room.id}
                  labId={inRoom.id}
                  canUnlock={room.can.submitFlags}
                />
              )}
              {room.can.manage && <HintUnlocksCard classroomId={room.id} labId={inRoom.id} />}
            </>
          ))
        }
        onDeleted={() => {
          toast.success('Lab deleted');
          navigate(paths.hackingLabs.getHref(), { replace: true });
        }}
      />
    </Stack>
  );
}
