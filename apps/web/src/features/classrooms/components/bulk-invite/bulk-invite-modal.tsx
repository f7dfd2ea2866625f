import type { InvitationPreview, InvitationResult } from '@hackclass/contracts';
import { Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { FormAlert } from '@/components/feedback/form-alert';
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
      {sending.results && preview.data ? (
        <Stack>
          <InvitationReport results={reportOf(preview.data, sending.results)} />
          <Group justify="flex-end">
            <Button onClick={close}>Done</Button>
          </Group>
        </Stack>
      ) : sending.progress ? (
        <Stack gap="xs">
          <Text>
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
