import type { InvitationLink } from '@hackclass/contracts';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconLinkOff, IconMailOpened } from '@tabler/icons-react';
import { Link } from 'react-router';
import { FormAlert } from '@/components/feedback/form-alert';

/** Who opens the link: nobody signed in, an address not verified yet, or a verified one. */
export type InvitationVisitor =
  | { kind: 'signed-out' }
  | { kind: 'unverified'; email: string }
  | { kind: 'verified'; email: string };

export interface InvitationPanelProps {
  link: InvitationLink;
  visitor: InvitationVisitor;
  hrefs: {
    signUp: string;
    signIn: string;
    signOut: string;
    verifyEmail: string;
    classroom: string;
  };
  onAccept(): void;
  accepting: boolean;
  acceptError: string | null;
}

const closed = {
  withdrawn:
    'The teacher withdrew this invitation. Ask them to invite you again if you still want to join.',
  expired: 'This invitation link has expired. Ask the teacher to invite you again.',
} as const;

/** The page's title for what became of the invitation. */
export const invitationTitle = (link: InvitationLink) =>
  ({
    not_found: 'Invitation not found',
    pending: 'You are invited',
    accepted: 'Invitation accepted',
    withdrawn: 'Invitation withdrawn',
    expired: 'Invitation expired',
  })[link.state];

/** What an invitation link says, and the one step that takes the visitor further. */
export function InvitationPanel(props: InvitationPanelProps) {
  const { link } = props;
  if (link.state === 'not_found') {
    return (
      <Alert color="red" variant="light" role="alert" icon={<IconLinkOff size={18} aria-hidden />}>
        This invitation link is not valid. Check that you opened the whole link from the mail.
      </Alert>
    );
  }
  const invitation = (
    <Text>
      {link.teacherName} invites <strong>{link.email}</strong> to the classroom{' '}
      <strong>{link.classroomName}</strong>.
    </Text>
  );
  if (link.state === 'withdrawn' || link.state === 'expired') {
    return (
      <Stack gap="md">
        {invitation}
        <Alert
          color="orange"
          variant="light"
          role="status"
          icon={<IconLinkOff size={18} aria-hidden />}
        >
          {closed[link.state]}
        </Alert>
      </Stack>
    );
  }
  if (link.state === 'accepted') {
    return (
      <Stack gap="md">
        {invitation}
        <Alert color="green" variant="light" role="status">
          This invitation has been accepted.
        </Alert>
        {link.forCaller && (
          <Button component={Link} to={props.hrefs.classroom}>
            Open {link.classroomName}
          </Button>
        )}
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      {invitation}
      <NextStep {...props} link={link} />
    </Stack>
  );
}

function NextStep({
  link,
  visitor,
  hrefs,
  onAccept,
  accepting,
  acceptError,
}: InvitationPanelProps & { link: Exclude<InvitationLink, { state: 'not_found' }> }) {
  if (visitor.kind === 'signed-out') {
    return (
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          No account yet? Sign up with {link.email}, verify the address, and come back to this link
          to join. Already have one? Sign in with it.
        </Text>
        <Button component={Link} to={hrefs.signUp}>
          Sign up with {link.email}
        </Button>
        <Button component={Link} to={hrefs.signIn} variant="default">
          Sign in
        </Button>
      </Stack>
    );
  }
  if (!link.forCaller) {
    return (
      <Stack gap="sm">
        <Alert color="orange" variant="light" role="status">
          This invitation is for {link.email}, and you are signed in as {visitor.email}. Sign out,
          then sign in or sign up with the invited address to accept it.
        </Alert>
        <Button component={Link} to={hrefs.signOut} variant="default">
          Sign out
        </Button>
      </Stack>
    );
  }
  if (visitor.kind === 'unverified') {
    return (
      <Stack gap="sm">
        <Alert
          color="blue"
          variant="light"
          role="status"
          icon={<IconMailOpened size={18} aria-hidden />}
        >
          Verify {visitor.email} first: open the link in the mail we sent you, then come back to
          this invitation to accept it.
        </Alert>
        <Button component={Link} to={hrefs.verifyEmail} variant="default">
          Resend the verification mail
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      <FormAlert message={acceptError} />
      <Button onClick={onAccept} loading={accepting}>
        Accept and join {link.classroomName}
      </Button>
    </Stack>
  );
}
