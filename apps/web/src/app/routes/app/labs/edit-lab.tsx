import { Alert, Button, Card, Stack } from '@mantine/core';
import type { ComponentProps } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageLoader } from '@/components/feedback/page-loader';
import { toast } from '@/components/toast/toast';
import { messages } from '@/config/messages';
import { paths } from '@/config/paths';
import { useLab } from '@/features/labs/api/get-lab';
import { EditLabForm } from '@/features/labs/components/edit-lab-form';
import { LabSubpageHeader } from '@/features/labs/components/lab-subpage-header';
import { useTargetFormPart } from '@/features/targets/hooks/use-target-form-part';
import { usePageTitle } from '@/hooks/use-page-title';
import { isApiError } from '@/lib/errors';

export function EditLabRoute() {
  usePageTitle('Edit lab');
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const lab = useLab(slug);
  const back = () => navigate(paths.hackingLab.getHref(slug));

  let body: React.ReactNode;
  if (lab.isPending) body = <PageLoader label="Loading the lab" />;
  else if (lab.isError) {
    const missing = isApiError(lab.error) && lab.error.status === 404;
    body = (
      <Alert color={missing ? 'gray' : 'red'} variant="light" role="alert">
        {missing ? 'This lab does not exist, or you may not see it.' : messages.generic}
      </Alert>
    );
  } else if (!lab.data.can.edit || !lab.data.flags) {
    body = (
      <Alert color="yellow" variant="light" role="alert">
        Only the lab’s creator or an admin can edit it.
        <Button
          component={Link}
          to={paths.hackingLab.getHref(slug)}
          size="xs"
          variant="light"
          ml="sm"
        >
          Back to the lab
        </Button>
      </Alert>
    );
  } else {
    body = (
      <Card withBorder padding="lg">
        <EditLabWithTarget
          lab={{ ...lab.data, flags: lab.data.flags }}
          onSaved={(saved) => {
            toast.success('Lab saved', `Your changes to “${saved.name}” are saved.`);
            back();
          }}
          onCancel={back}
        />
      </Card>
    );
  }

  return (
    <Stack gap="lg" maw={880}>
      <LabSubpageHeader
        slug={slug}
        labName={lab.data?.name}
        crumb="Edit"
        title="Edit lab"
        description="New flags replace the old ones; points change in every classroom."
      />
      {body}
    </Stack>
  );
}

/** The lab form with its live target part, filled with the lab's saved definition. */
function EditLabWithTarget(props: Omit<ComponentProps<typeof EditLabForm>, 'part'>) {
  const target = useTargetFormPart(props.lab.targetDefinition ?? null);
  return <EditLabForm {...props} part={target} />;
}
