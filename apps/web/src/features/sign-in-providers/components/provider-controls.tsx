import type { SignInProvider } from '@hackclass/contracts';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import {
  IconCircleCheck,
  IconCircleOff,
  IconPencil,
  IconPlugConnected,
  IconTrash,
} from '@tabler/icons-react';

/** What an admin may do to one provider. */
export interface ProviderActions {
  onTest: (provider: SignInProvider) => void;
  onEdit: (provider: SignInProvider) => void;
  onDelete: (provider: SignInProvider) => void;
  /** The provider whose test sign-in is under way. */
  testingId: string | undefined;
}

/** On or off, said in words and with an icon, not by colour alone. */
export function ProviderBadges({ provider }: { provider: SignInProvider }) {
  return (
    <Group gap={4}>
      {provider.enabled ? (
        <Badge
          size="sm"
          variant="light"
          color="green"
          leftSection={<IconCircleCheck size={12} aria-hidden />}
        >
          On
        </Badge>
      ) : (
        <Badge
          size="sm"
          variant="light"
          color="gray"
          leftSection={<IconCircleOff size={12} aria-hidden />}
        >
          Off
        </Badge>
      )}
      {provider.schoolAccountsOnly && provider.allowedDomains.length > 0 && (
        <Badge size="sm" variant="light" color="blue">
          School accounts only
        </Badge>
      )}
    </Group>
  );
}

const listed = (items: string[]) => items.join(', ');

/** Who may sign in through the provider, and who of them starts as a teacher. */
export function ProviderDomains({ provider }: { provider: SignInProvider }) {
  const teachers = [
    ...provider.teacherDomains,
    ...(provider.teacherClaim && provider.teacherClaimValues.length > 0
      ? [`${provider.teacherClaim}: ${listed(provider.teacherClaimValues)}`]
      : []),
  ];
  return (
    <Stack gap={2}>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {provider.allowedDomains.length > 0 ? listed(provider.allowedDomains) : 'Any domain'}
      </Text>
      {teachers.length > 0 && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          Teachers: {teachers.join('; ')}
        </Text>
      )}
    </Stack>
  );
}

/** Test sign-in, Edit and Delete, each naming its provider for screen readers. */
export function ProviderActionButtons({
  provider,
  onTest,
  onEdit,
  onDelete,
  testingId,
  wrap = 'wrap',
}: { provider: SignInProvider; wrap?: 'wrap' | 'nowrap' } & ProviderActions) {
  const name = provider.displayName;
  return (
    <Group gap="xs" wrap={wrap}>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconPlugConnected size={14} aria-hidden />}
        loading={testingId === provider.id}
        onClick={() => onTest(provider)}
        aria-label={`Test sign-in with ${name}`}
      >
        Test sign-in
      </Button>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconPencil size={14} aria-hidden />}
        onClick={() => onEdit(provider)}
        aria-label={`Edit ${name}`}
      >
        Edit
      </Button>
      <Button
        size="xs"
        variant="subtle"
        color="red"
        leftSection={<IconTrash size={14} aria-hidden />}
        onClick={() => onDelete(provider)}
        aria-label={`Delete ${name}`}
      >
        Delete
      </Button>
    </Group>
  );
}
