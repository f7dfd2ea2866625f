import {
  Anchor,
  Badge,
  Box,
  Breadcrumbs,
  Card,
  Code,
  Group,
  Stack,
  Text,
  Title,
} from '@mantine/core';
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
import { TerminalButton } from '@/features/targets/components/terminal-button';
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
  const classroomQuery = useClassroom(classroomId, !!classroomId);
  usePageTitle(lab.data?.name ?? 'Hacking lab');

  const classroom = classroomId ? classroomQuery.data : undefined;
  const classroomLab = classroom?.hackingLabs.find((item) => item.slug === slug);

  return (
    <Stack gap="md">
      <Breadcrumbs>
        {classroom ? (
          [
            <Anchor
              key="classroom"
              component={Link}
              to={paths.classroom.getHref(classroom.id)}
              size="sm"
            >
              {classroom.name}
            </Anchor>,
            <Anchor
              key="labs"
              component={Link}
              to={paths.classroomHackingLabs.getHref(classroom.id)}
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
          classroom &&
          classroomLab &&
          (classroomLab.availability === 'locked' ? (
            <Card withBorder padding="lg" component="section" aria-labelledby="lab-locked">
              <Title order={2} size="h4" id="lab-locked" mb="xs">
                Locked
              </Title>
              <Text size="sm" c="dimmed" mb="sm">
                This lab opens in {classroom.name} once you solved the labs it requires.
              </Text>
              <LabScheduleBadges lab={classroomLab} />
            </Card>
          ) : (
            <>
              <LabScheduleBadges lab={classroomLab} />
              {classroom.can.runTargets && lab.data?.target && (
                <TargetPanel
                  classroomId={classroom.id}
                  labId={classroomLab.id}
                  summary={lab.data.target}
                  enabled={getRuntimeConfig().targets.enabled}
                />
              )}
              {classroom.can.runTargets && getRuntimeConfig().targets.attackBoxes && (
                <Group gap="sm" wrap="wrap">
                  <TerminalButton
                    classroomId={classroom.id}
                    lab={
                      lab.data && {
                        id: lab.data.id,
                        slug,
                        name: lab.data.name,
                        fileCount: lab.data.files.length,
                      }
                    }
                    variant="default"
                    label="Open terminal"
                  />
                  <Text size="sm" c="dimmed">
                    A terminal in your browser; this lab’s target answers there as{' '}
                    <Code>{slug}</Code>.
                  </Text>
                </Group>
              )}
              {classroom.can.submitFlags && (
                <Card withBorder padding="lg" component="section" aria-labelledby="lab-solve">
                  <Group justify="space-between" gap="xs" mb="xs">
                    <Title order={2} size="h4" id="lab-solve">
                      Submit a flag
                    </Title>
                    {classroomLab.solved && (
                      <Badge color="green" variant="light" radius={0}>
                        Solved
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm" c="dimmed" mb="sm">
                    For {classroom.name} · {classroomLab.solveCount}{' '}
                    {classroomLab.solveCount === 1 ? 'solve' : 'solves'}
                    {classroomLab.scoring === 'dynamic' &&
                      ` · worth ${classroomLab.points} points now`}
                  </Text>
                  {classroomLab.firstSolver && (
                    <Box mb="sm">
                      <FirstSolverNote name={classroomLab.firstSolver.name} />
                    </Box>
                  )}
                  <FlagForm
                    classroomId={classroom.id}
                    labId={classroomLab.id}
                    labName={classroomLab.name}
                  />
                </Card>
              )}
              {(classroom.can.submitFlags || classroom.can.manage) && (
                <HintsPanel
                  classroomId={classroom.id}
                  labId={classroomLab.id}
                  canUnlock={classroom.can.submitFlags}
                />
              )}
              {classroom.can.manage && (
                <HintUnlocksCard classroomId={classroom.id} labId={classroomLab.id} />
              )}
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
