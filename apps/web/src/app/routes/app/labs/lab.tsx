import { ROLE } from '@hackclass/contracts';
import { Anchor, Breadcrumbs, Stack } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { useCurrentUser } from '@/features/auth/hooks/use-session';
import { useLab } from '@/features/labs/api/get-lab';
import { LabDetails } from '@/features/labs/components/lab-details';
import { usePageTitle } from '@/hooks/use-page-title';
import { getRuntimeConfig } from '@/lib/runtime-config';
import { toast } from '@/lib/toast';

export function LabRoute() {
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const lab = useLab(slug);
  usePageTitle(lab.data?.name ?? 'Hacking lab');
  return (
    <Stack gap="md">
      <Breadcrumbs>
        <Anchor component={Link} to={paths.hackingLabs.getHref()} size="sm">
          Hacking labs
        </Anchor>
        <span aria-current="page">{lab.data?.name ?? slug}</span>
      </Breadcrumbs>
      <LabDetails
        slug={slug}
        userId={user?.id}
        isAdmin={user?.roleId === ROLE.admin}
        apiBaseUrl={getRuntimeConfig().apiBaseUrl}
        onDeleted={() => {
          toast.success('Lab deleted');
          navigate(paths.hackingLabs.getHref(), { replace: true });
        }}
      />
    </Stack>
  );
}
