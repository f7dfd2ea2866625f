import type { Target } from '@hackclass/contracts';
import { Anchor, Button, Code, Group, Stack, Text } from '@mantine/core';
import { IconDownload, IconPlugConnected } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { CopyValueButton } from '@/components/feedback/copy-value-button';
import { downloadConnector } from '../api/download-connector';
import { getTargetTunnel } from '../api/open-tunnel';
import {
  CONNECTOR_FILE,
  connectCommand,
  TUNNEL_LOCAL_PORT,
  websocatCommand,
} from '../utils/tunnel-commands';

interface TunnelAccessProps {
  target: Target;
  onError(error: unknown): void;
}

/** A command to copy, with its copy button. */
function CommandLine({ command, label }: { command: string; label: string }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Code block fz="xs" style={{ flex: 1, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
        {command}
      </Code>
      <CopyValueButton value={command} label={label} />
    </Group>
  );
}

/**
 * How a student reaches a TCP target from their own machine: through its tunnel, which only
 * they (and their teachers) can open. The command carries a token: it is theirs alone.
 */
export function TunnelAccess({ target, onError }: TunnelAccessProps) {
  const tunnel = useMutation({ mutationFn: () => getTargetTunnel(target.id), onError });

  if (!tunnel.data) {
    return (
      <Button
        variant="light"
        leftSection={<IconPlugConnected size={16} aria-hidden />}
        loading={tunnel.isPending}
        onClick={() => tunnel.mutate()}
      >
        Connect from your machine
      </Button>
    );
  }

  return (
    <Stack gap="xs" data-testid="target-tunnel">
      <Text size="sm">
        1.{' '}
        <Anchor component="button" type="button" size="sm" onClick={() => void downloadConnector()}>
          <Group gap={4} component="span">
            <IconDownload size={14} aria-hidden />
            Download {CONNECTOR_FILE}
          </Group>
        </Anchor>{' '}
        (needs Node.js 22 or later).
      </Text>
      <Text size="sm">2. Run it, in the folder you saved it to:</Text>
      <CommandLine command={connectCommand(tunnel.data)} label="Copy command" />
      <Text size="sm">
        3. Connect to <Code>127.0.0.1:{TUNNEL_LOCAL_PORT}</Code>, e.g.{' '}
        <Code>nc 127.0.0.1 {TUNNEL_LOCAL_PORT}</Code>.
      </Text>
      <details>
        <Text component="summary" size="xs" c="dimmed" style={{ cursor: 'pointer' }}>
          With websocat instead
        </Text>
        <CommandLine command={websocatCommand(tunnel.data)} label="Copy websocat command" />
      </details>
      <Text size="xs" c="dimmed">
        The command holds a key to your target: keep it to yourself. It works while the target runs,
        for 12 hours at most.
      </Text>
    </Stack>
  );
}
