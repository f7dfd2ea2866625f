import { Alert, Card, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { toast } from '@/components/toast/toast';
import { paths } from '@/config/paths';
import { useCurrentUser } from '@/features/auth/hooks/use-current-user';
import { CreateLabForm } from '@/features/labs/components/create-lab-form';
import { useTargetFormPart } from '@/features/targets/hooks/use-target-form-part';
import { usePageTitle } from '@/hooks/use-page-title';

export function CreateLabRoute() {
  usePageTitle('Create lab');
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const target = useTargetFormPart(null);
  return (
    <Stack gap="lg" maw={880}>
      <Stack gap={4}>
        <Title order={1}>Create lab</Title>
        <Text c="dimmed">
          Describe the challenge, attach its files, set what it is worth and, if it needs one, the
          live target each student starts.
        </Text>
      </Stack>
      {user && !user.can.createLabs ? (
        <Alert color="yellow" variant="light" role="alert">
          Only teachers and admins can create labs.
        </Alert>
      ) : (
        <Card withBorder padding="lg">
          <CreateLabForm
            onCreated={(lab) => {
              toast.success('Lab created', `“${lab.name}” is ready.`);
              navigate(paths.hackingLab.getHref(lab.slug));
            }}
            onCancel={() => navigate(paths.hackingLabs.getHref())}
            part={target}
          />
        </Card>
      )}
    </Stack>
  );
}
