import { Button, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { FormAlert } from '@/components/feedback/form-alert';
import { PageLoader } from '@/components/feedback/page-loader';
import { AuthCardHeader } from '@/components/layouts/auth-card-header';
import { messages } from '@/config/messages';
import { paths } from '@/config/paths';
import { useSession } from '@/features/auth/hooks/use-session';
import { invalidateMembership } from '@/features/classrooms/api/invalidate-membership';
import { useAcceptInvitation } from '@/features/invitations/api/accept-invitation';
import { useInvitationLink } from '@/features/invitations/api/get-invitation-link';
import {
  InvitationPanel,
  type InvitationVisitor,
  invitationTitle,
} from '@/features/invitations/components/invitation-panel';
import { usePageTitle } from '@/hooks/use-page-title';
import { isApiError } from '@/lib/errors';

/** Target of an invitation mail: says what the invitation is and leads to accepting it. */
export function InvitationRoute() {
  usePageTitle('Invitation');
  const token = useParams().token ?? '';
  const navigate = useNavigate();
  const { state } = useSession();
  const account = state.status === 'signed-in' ? state.account : undefined;
  const queryClient = useQueryClient();
  // Who asks decides what the link shows: not asked before the session knows.
  const link = useInvitationLink(token, account?.uid, state.status !== 'loading');
  const accept = useAcceptInvitation(token, (membership) =>
    invalidateMembership(queryClient, membership.classroomId),
  );
  const here = paths.invitation.getHref(token);

  if (state.status === 'loading' || link.isPending) {
    return (
      <>
        <AuthCardHeader title="Invitation" />
        <PageLoader label="Loading the invitation" />
      </>
    );
  }
  if (link.isError) {
    const malformed = isApiError(link.error) && link.error.code === 'validation_failed';
    return (
      <>
        <AuthCardHeader title="Invitation" />
        <Stack gap="md">
          <FormAlert
            message={
              malformed
                ? 'This invitation link is not valid. Check that you opened the whole link from the mail.'
                : messages.generic
            }
          />
          {!malformed && <Button onClick={() => link.refetch()}>Try again</Button>}
          <Button component={Link} to={paths.home.getHref()} variant="default">
            Go to the home page
          </Button>
        </Stack>
      </>
    );
  }
  const visitor: InvitationVisitor = !account
    ? { kind: 'signed-out' }
    : { kind: account.emailVerified ? 'verified' : 'unverified', email: account.email };
  const classroomId = link.data.state === 'not_found' ? '' : link.data.classroomId;
  return (
    <>
      <AuthCardHeader title={invitationTitle(link.data)} />
      <InvitationPanel
        link={link.data}
        visitor={visitor}
        hrefs={{
          signUp: paths.signup.getHref(here),
          signIn: paths.login.getHref(here),
          signOut: paths.logout.getHref(here),
          verifyEmail: paths.verifyEmail.getHref(account?.email ?? '', here),
          classroom: paths.classroom.getHref(classroomId),
        }}
        onAccept={() =>
          accept.mutate(undefined, {
            onSuccess: (membership) => navigate(paths.classroom.getHref(membership.classroomId)),
          })
        }
        accepting={accept.isPending}
        acceptError={
          accept.error
            ? isApiError(accept.error)
              ? (accept.error.detail ?? accept.error.title)
              : messages.generic
            : null
        }
      />
    </>
  );
}
