import { ANNOUNCEMENT_MAX_LENGTH } from '@hackclass/contracts';
import { Button, Checkbox, Group, Stack } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { useState } from 'react';
import { MarkdownEditor } from '@/components/markdown/markdown-editor';
import { toast } from '@/components/toast/toast';
import { isApiError } from '@/lib/errors';
import { usePostAnnouncement } from '../api/post-announcement';

const errorMessage = (error: unknown) => {
  if (isApiError(error)) return error.errors.body?.[0] ?? error.detail ?? error.title;
  return 'Could not post the announcement. Please try again.';
};

/** Where a classroom's teacher writes an announcement (Markdown, with a preview) and posts it. */
export function AnnouncementComposer({ classroomId }: { classroomId: string }) {
  const post = usePostAnnouncement(classroomId);
  const [body, setBody] = useState('');
  const [emailMembers, setEmailMembers] = useState(false);
  const [error, setError] = useState<string>();
  const length = body.trim().length;
  const tooLong = length > ANNOUNCEMENT_MAX_LENGTH;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (length === 0) return setError('Write the announcement');
    if (tooLong) return setError(`Keep it under ${ANNOUNCEMENT_MAX_LENGTH} characters`);
    post.mutate(
      { body, emailMembers },
      {
        onSuccess: () => {
          setBody('');
          setEmailMembers(false);
          toast.success(
            'Announcement posted',
            emailMembers
              ? 'The classroom’s members were notified and will get it by mail.'
              : 'The classroom’s members were notified.',
          );
        },
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Post an announcement">
      <Stack gap="xs">
        <MarkdownEditor
          label="New announcement"
          description={`Markdown. ${length} / ${ANNOUNCEMENT_MAX_LENGTH} characters`}
          value={body}
          minRows={3}
          onChange={(value) => {
            setBody(value);
            setError(undefined);
          }}
          error={error}
        />
        <Group justify="space-between">
          <Checkbox
            label="Also email it to the members"
            checked={emailMembers}
            onChange={(event) => setEmailMembers(event.currentTarget.checked)}
          />
          <Button
            type="submit"
            loading={post.isPending}
            disabled={tooLong}
            leftSection={<IconSpeakerphone size={16} aria-hidden />}
          >
            Post
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
