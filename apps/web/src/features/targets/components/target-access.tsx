import type { Target } from '@hackclass/contracts';
import { Button, Code, Group, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { CopyValueButton } from '@/components/feedback/copy-value-button';
import { openInTab } from '../api/open-target';
import { ncCommand } from '../utils/tcp-address';
import { TunnelAccess } from './tunnel-access';

interface TargetAccessProps {
  target: Target;
  onError(error: unknown): void;
}

/**
 * How to reach a running target: Open (HTTP, through the proxy); for TCP, its tunnel, or
 * host:port to copy where the operator exposes TCP targets on a plain port.
 */
export function TargetAccess({ target, onError }: TargetAccessProps) {
  const open = useMutation({ mutationFn: openInTab, onError });

  if (target.kind === 'http') {
    return (
      <Button
        leftSection={<IconExternalLink size={16} aria-hidden />}
        loading={open.isPending}
        onClick={() => {
          // Opened in the click itself, or a pop-up blocker stops it: the ticket comes after.
          const tab = window.open('about:blank', '_blank');
          open.mutate({ targetId: target.id, tab });
        }}
      >
        Open target
      </Button>
    );
  }

  if (target.address === null) return <TunnelAccess target={target} onError={onError} />;
  const { address } = target;
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="nowrap">
        <Code fz="md" px="sm" py={4} data-testid="target-address">
          {address}
        </Code>
        <CopyValueButton value={address} label="Copy address" />
      </Group>
      <Text size="xs" c="dimmed">
        Connect with <Code>{ncCommand(address)}</Code>
      </Text>
    </Stack>
  );
}
