import type { InvitationPreview, InvitationResult } from '@hackclass/contracts';
import { Button, Group, Modal, Progress, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { FormAlert } from '@/components/feedback/form-alert';
import { StayOnPage } from '@/components/feedback/stay-on-page';
import { toast } from '@/components/toast/toast';
import { isApiError } from '@/lib/errors';
import { usePreviewInvitations } from '../../api/preview-invitations';
import { useSendInvitations } from '../../hooks/use-send-invitations';
import { AddressListInput } from './address-list-input';
import { InvitationPreviewTable } from './invitation-preview-table';
import { InvitationReport } from './invitation-report';

interface BulkInviteModalProps {
  classroomId: string;
  opened: boolean;
  onClose: () => void;
}

/** Addresses the preview kept back go into the report as skipped, so it accounts for the list. */
const reportOf = (preview: InvitationPreview, sent: InvitationResult[]): InvitationResult[] => [
  ...sent,
  ...preview.rows
    .filter((row) => row.status !== 'new')
    .map((row) => ({ email: row.email, outcome: 'skipped' as const, reason: row.reason })),
];

const stillSending = () =>
  toast.info('Invitations are still being sent', 'Leave this page once the report shows.');

/** A step's heading, focused when the step comes so that keyboard and reader users follow. */
function StepHeading({
  headingRef,
  children,
}: {
  headingRef: RefObject<HTMLHeadingElement | null>;
  children: ReactNode;
}) {
  return (
    <Title order={3} size="h5" tabIndex={-1} ref={headingRef} style={{ outline: 'none' }}>
      {children}
    </Title>
  );
}

/** Paste or upload a list, check it, send the new addresses' invitations, read the report. */
export function BulkInviteModal({ classroomId, opened, onClose }: BulkInviteModalProps) {
  const [text, setText] = useState('');
  const preview = usePreviewInvitations(classroomId);
  const sending = useSendInvitations(classroomId);
  const fresh = preview.data?.rows.filter((row) => row.status === 'new') ?? [];
  const listError =
    isApiError(preview.error) && preview.error.errors.text?.[0]
      ? preview.error.errors.text[0]
      : undefined;
  const step =
    sending.results && preview.data
      ? 'report'
      : sending.progress
        ? 'sending'
        : preview.data
          ? 'preview'
          : 'list';
  const heading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    // The first step's field takes the focus when the dialog opens; later steps take it here.
    if (shownStep.current === step) return;
    shownStep.current = step;
    heading.current?.focus();
  }, [step]);

  function close() {
    if (sending.sending) return;
    setText('');
    preview.reset();
    sending.reset();
    onClose();
  }

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Invite many"
      size="xl"
      closeOnEscape={!sending.sending}
      closeOnClickOutside={!sending.sending}
      withCloseButton={!sending.sending}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {sending.sending && <StayOnPage onHeld={stillSending} />}
      {sending.results && preview.data ? (
        <Stack>
          <StepHeading headingRef={heading}>Report</StepHeading>
          <InvitationReport results={reportOf(preview.data, sending.results)} />
          <Group justify="flex-end">
            {sending.failedCount > 0 && (
              <Button variant="default" onClick={() => void sending.retryFailed()}>
                Try the {sending.failedCount} failed again
              </Button>
            )}
            <Button onClick={close}>Done</Button>
          </Group>
        </Stack>
      ) : sending.progress ? (
        <Stack gap="xs">
          <StepHeading headingRef={heading}>Sending</StepHeading>
          <Text role="status" aria-live="polite">
            Sending invitations: {sending.progress.done} of {sending.progress.total}
          </Text>
          <Progress
            value={(sending.progress.done / Math.max(1, sending.progress.total)) * 100}
            aria-label="Invitations sent"
          />
          <Text size="sm" c="dimmed">
            Keep this window open until every invitation is sent.
          </Text>
        </Stack>
      ) : preview.data ? (
        <Stack>
          <StepHeading headingRef={heading}>Check the list</StepHeading>
          <InvitationPreviewTable preview={preview.data} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => preview.reset()}>
              Back to the list
            </Button>
            <Button
              disabled={fresh.length === 0}
              onClick={() => void sending.send(fresh.map((row) => row.email))}
            >
              {fresh.length === 0
                ? 'Nobody new to invite'
                : `Send ${fresh.length} ${fresh.length === 1 ? 'invitation' : 'invitations'}`}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack
          component="form"
          onSubmit={(event) => {
            event.preventDefault();
            preview.mutate(text);
          }}
        >
          <StepHeading headingRef={heading}>Addresses</StepHeading>
          <AddressListInput
            value={text}
            onChange={setText}
            error={listError}
            disabled={preview.isPending}
          />
          {preview.isError && !listError && (
            <FormAlert message="Could not check the list. Please try again." />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={preview.isPending} disabled={text.trim() === ''}>
              Preview
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
