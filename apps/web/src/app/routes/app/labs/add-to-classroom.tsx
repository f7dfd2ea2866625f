import { ROLE } from '@hackclass/contracts';
import { Anchor, Breadcrumbs, Card, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { useCurrentUser } from '@/features/auth/hooks/use-session';
import { useLab } from '@/features/labs/api/get-lab';
import { AddToClassroomForm } from '@/features/labs/components/add-to-classroom-form';
import { usePageTitle } from '@/hooks/use-page-title';
import { toast } from '@/lib/toast';

export function AddLabToClassroomRoute() {
  usePageTitle('Add lab to classroom');
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const lab = useLab(slug);
  const back = () => navigate(paths.hackingLab.getHref(slug));
  return (
    <Stack gap="lg" maw={720}>
      <Breadcrumbs>
        <Anchor component={Link} to={paths.hackingLabs.getHref()} size="sm">
          Hacking labs
        </Anchor>
        <Anchor component={Link} to={paths.hackingLab.getHref(slug)} size="sm">
          {lab.data?.name ?? slug}
        </Anchor>
        <span aria-current="page">Add to classroom</span>
      </Breadcrumbs>
      <Stack gap={4}>
        <Title order={1}>Add lab to classroom</Title>
        <Text c="dimmed">Its members can solve it there and earn its points.</Text>
      </Stack>
      <Card withBorder padding="lg">
        {user ? (
          <AddToClassroomForm
            slug={slug}
            isAdmin={user.roleId === ROLE.admin}
            onAdded={(classroomName, labName) => {
              toast.success('Lab added', `“${labName}” is now in ${classroomName}.`);
              back();
            }}
            onCancel={back}
          />
        ) : (
          <Center py="xl">
            <Loader aria-label="Loading" />
          </Center>
        )}
      </Card>
    </Stack>
  );
}
