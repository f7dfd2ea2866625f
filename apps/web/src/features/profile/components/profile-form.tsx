import { DISPLAY_NAME_MAX_LENGTH, nameProblem } from '@hackclass/contracts';
import { Avatar, Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import type { User as IdentityUser } from 'firebase/auth';
import { useState } from 'react';
import { FormAlert } from '@/components/feedback/form-alert';
import { toast } from '@/components/toast/toast';
import { messages } from '@/config/messages';
import { useUpdateProfile } from '../api/update-profile';

interface ProfileFormProps {
  identityUser: IdentityUser;
  email: string;
  emailVerified: boolean;
  displayName: string | null;
  photoUrl: string | null;
  /** Reloads the account so the whole app sees the new name and photo. */
  onUpdated(): Promise<unknown>;
}

const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
};

/** Display name and photo URL, with the email and whether it is verified. */
export function ProfileForm(props: ProfileFormProps) {
  const update = useUpdateProfile();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { displayName: props.displayName ?? '', photoUrl: props.photoUrl ?? '' },
    validate: {
      displayName: (value) =>
        !value.trim()
          ? 'Enter your name'
          : value.trim().length > DISPLAY_NAME_MAX_LENGTH
            ? `Use at most ${DISPLAY_NAME_MAX_LENGTH} characters`
            : nameProblem(value.trim()),
      photoUrl: (value) =>
        !value.trim() || isHttpUrl(value.trim()) ? null : 'Enter a web address (https://…)',
    },
  });

  const submit = form.onSubmit((values) => {
    setError(null);
    update.mutate(
      {
        identityUser: props.identityUser,
        displayName: values.displayName.trim(),
        photoUrl: values.photoUrl.trim(),
      },
      {
        onSuccess: async () => {
          await props.onUpdated();
          form.resetDirty();
          toast.success('Profile updated');
        },
        onError: () => setError(messages.generic),
      },
    );
  });

  const preview = form.values.photoUrl.trim();

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={560}>
        <FormAlert message={error} />
        <Group gap="md" wrap="nowrap">
          <Avatar
            src={isHttpUrl(preview) ? preview : null}
            name={form.values.displayName || props.email}
            alt=""
            size={64}
            color="green"
          />
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Text fw={600} truncate>
              {props.email}
            </Text>
            {props.emailVerified ? (
              <Badge
                color="green"
                variant="light"
                radius={0}
                leftSection={<IconCircleCheck size={14} aria-hidden />}
              >
                Email verified
              </Badge>
            ) : (
              <Badge
                color="yellow"
                variant="light"
                radius={0}
                leftSection={<IconAlertTriangle size={14} aria-hidden />}
              >
                Email not verified
              </Badge>
            )}
          </Stack>
        </Group>
        <TextInput
          label="Display name"
          autoComplete="name"
          required
          maxLength={DISPLAY_NAME_MAX_LENGTH}
          {...form.getInputProps('displayName')}
        />
        <TextInput
          label="Photo URL"
          description="A link to a square picture; leave empty for your initials"
          type="url"
          autoComplete="photo"
          placeholder="https://…"
          {...form.getInputProps('photoUrl')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
            Save profile
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
