import type { Classroom, ClassroomSummary } from '@hackclass/contracts';
import {
  Badge,
  Button,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus, IconSchool } from '@tabler/icons-react';
import { useNavigate, useSearchParams } from 'react-router';
import { EmptyState, ListError } from '@/components/feedback/list-states';
import { scrollingTabs } from '@/components/navigation/scrolling-tabs';
import { paths } from '@/config/paths';
import { useCurrentUser } from '@/features/auth/hooks/use-current-user';
import { useClassrooms } from '@/features/classrooms/api/get-classrooms';
import { ClassroomCard } from '@/features/classrooms/components/classroom-card';
import { CreateClassroomModal } from '@/features/classrooms/components/create-classroom-modal';
import { JoinByCodeForm } from '@/features/classrooms/components/join-by-code-form';
import { InvitationList, PendingList } from '@/features/classrooms/components/membership-requests';
import { usePageTitle } from '@/hooks/use-page-title';

const tabs = ['mine', 'invitations', 'pending'] as const;
type Tab = (typeof tabs)[number];

/** Accepted classrooms plus, for teachers, those they created or co-teach (admins get all). */
const isMine = (listed: ClassroomSummary) =>
  listed.isCreator || listed.myStatus === 'Accepted' || listed.myStatus === null;

/** A count beside a tab's label; none at zero, so the tab keeps no empty slot. */
const countBadge = (count: number) =>
  count === 0 ? undefined : (
    <Badge size="xs" variant="filled" circle aria-hidden>
      {count}
    </Badge>
  );

function ListLoading() {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} aria-busy="true" aria-label="Loading classrooms">
      {Array.from({ length: 3 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={index} h={240} />
      ))}
    </SimpleGrid>
  );
}

export function ClassroomsRoute() {
  usePageTitle('Classrooms');
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const [creating, { open, close }] = useDisclosure(false);
  const classrooms = useClassrooms();

  const requested = search.get('tab');
  const tab: Tab = tabs.includes(requested as Tab) ? (requested as Tab) : 'mine';
  const canCreate = user?.can.createClassrooms ?? false;
  const all = classrooms.data ?? [];
  const mine = all.filter(isMine);
  const invitations = all.filter((listed) => listed.myStatus === 'Invited');
  const pending = all.filter((listed) => listed.myStatus === 'PendingApproval');

  const list = (content: () => React.ReactNode) =>
    classrooms.isPending ? (
      <ListLoading />
    ) : classrooms.isError ? (
      <ListError
        message="Could not load your classrooms."
        onRetry={() => void classrooms.refetch()}
      />
    ) : (
      content()
    );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1}>Classrooms</Title>
          <Text c="dimmed">Your classrooms, invitations and requests to join.</Text>
        </div>
        {canCreate && (
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={open}>
            Create classroom
          </Button>
        )}
      </Group>

      {user?.can.joinClassrooms && <JoinByCodeForm />}

      <Tabs
        styles={scrollingTabs}
        value={tab}
        onChange={(value) =>
          setSearch(value && value !== 'mine' ? { tab: value } : {}, { replace: true })
        }
      >
        <Tabs.List>
          <Tabs.Tab value="mine">My classrooms</Tabs.Tab>
          <Tabs.Tab value="invitations" rightSection={countBadge(invitations.length)}>
            Invitations
          </Tabs.Tab>
          <Tabs.Tab value="pending" rightSection={countBadge(pending.length)}>
            Pending requests
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="mine" pt="md">
          {list(() =>
            mine.length === 0 ? (
              <EmptyState icon={<IconSchool size={24} />} title="No classrooms yet">
                {canCreate
                  ? 'Create a classroom, or join one with the code your teacher gave you.'
                  : 'Join a classroom with the code your teacher gave you, or accept an invitation.'}
              </EmptyState>
            ) : (
              <SimpleGrid
                cols={{ base: 1, xs: 2, md: 3 }}
                component="ul"
                style={{ listStyle: 'none', padding: 0, margin: 0 }}
              >
                {mine.map((listed) => (
                  <li key={listed.id}>
                    <ClassroomCard classroom={listed} />
                  </li>
                ))}
              </SimpleGrid>
            ),
          )}
        </Tabs.Panel>
        <Tabs.Panel value="invitations" pt="md">
          {list(() => user && <InvitationList classrooms={invitations} userId={user.id} />)}
        </Tabs.Panel>
        <Tabs.Panel value="pending" pt="md">
          {list(() => user && <PendingList classrooms={pending} userId={user.id} />)}
        </Tabs.Panel>
      </Tabs>

      {canCreate && (
        <CreateClassroomModal
          opened={creating}
          onClose={close}
          onCreated={(classroom: Classroom) => {
            close();
            void navigate(paths.classroom.getHref(classroom.id));
          }}
        />
      )}
    </Stack>
  );
}
