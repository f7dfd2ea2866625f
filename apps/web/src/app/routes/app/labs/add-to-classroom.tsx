import { Card, Stack } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { toast } from '@/components/toast/toast';
import { paths } from '@/config/paths';
import { useLab } from '@/features/labs/api/get-lab';
import { AddToClassroomForm } from '@/features/labs/components/add-to-classroom-form';
import { LabSubpageHeader } from '@/features/labs/components/lab-subpage-header';
import { usePageTitle } from '@/hooks/use-page-title';

export function AddLabToClassroomRoute() {
  usePageTitle('Add lab to classroom');
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const lab = useLab(slug);
  const back = () => navigate(paths.hackingLab.getHref(slug));
  return (
    <Stack gap="lg" maw={720}>
      <LabSubpageHeader
        slug={slug}
        labName={lab.data?.name}
        crumb="Add to classroom"
        title="Add lab to classroom"
        description="Its members can solve it there and earn its points."
      />
      <Card withBorder padding="lg">
        <AddToClassroomForm
          slug={slug}
          onAdded={(classroomName, labName) => {
            toast.success('Lab added', `“${labName}” is now in ${classroomName}.`);
            back();
          }}
          onCancel={back}
        />
      </Card>
    </Stack>
  );
}
