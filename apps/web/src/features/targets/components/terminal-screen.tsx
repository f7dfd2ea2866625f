import '@xterm/xterm/css/xterm.css';
import {
  Alert,
  Box,
  Button,
  Group,
  Stack,
  Switch,
  Text,
  useComputedColorScheme,
} from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { IconEye, IconPlugConnectedX } from '@tabler/icons-react';
import { FitAddon } from '@xterm/addon-fit';
import { Terminal } from '@xterm/xterm';
import { useEffect, useRef, useState } from 'react';
import { openTerminal } from '../api/open-terminal';
import {
  connectTerminal,
  type TerminalConnection,
  type TerminalStatus,
} from '../utils/terminal-connection';
import { leaveKeyHandler } from '../utils/terminal-keys';
import { TERMINAL_THEMES } from '../utils/terminal-themes';

interface TerminalScreenProps {
  boxId: string;
  /** Called when the box stopped, for the page to ask what became of it. */
  onBoxEnded?(): void;
  /** Fills its container's height; otherwise a fixed number of rows. */
  fill?: boolean;
}

const STATUS_TEXT: Record<Exclude<TerminalStatus['kind'], 'ended'>, string> = {
  connecting: 'Connecting to your terminal…',
  open: 'Connected',
  reconnecting: 'Connection lost: connecting again…',
};

/**
 * A box's terminal (xterm.js) on its WebSocket: the owner types, a teacher watches. It follows
 * its container's size, keeps its scrollback, and comes back after a reload or a dropped
 * connection with the screen as it was. Tab goes to the shell; Ctrl+] leaves the terminal.
 */
export function TerminalScreen({ boxId, onBoxEnded, fill = false }: TerminalScreenProps) {
  const host = useRef<HTMLDivElement>(null);
  const terminal = useRef<Terminal | null>(null);
  const connection = useRef<TerminalConnection | null>(null);
  const [status, setStatus] = useState<TerminalStatus>({ kind: 'connecting' });
  const [watchers, setWatchers] = useState<string[]>([]);
  const [screenReader, setScreenReader] = useLocalStorage({
    key: 'hackclass.terminal.screenReader',
    defaultValue: false,
  });
  const scheme = useComputedColorScheme('light');
  const endedRef = useRef(onBoxEnded);
  endedRef.current = onBoxEnded;
  // What a terminal made for another box starts with; the effects below follow changes.
  const initial = useRef({ scheme, screenReader });
  initial.current = { scheme, screenReader };

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const term = new Terminal({
      fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
      fontSize: 14,
      cursorBlink: true,
      scrollback: 5_000,
      theme: TERMINAL_THEMES[initial.current.scheme],
      screenReaderMode: initial.current.screenReader,
    });
    const fit = new FitAddon();
    term.loadAddon(fit);
    term.open(element);
    term.attachCustomKeyEventHandler(leaveKeyHandler(term, element));
    terminal.current = term;
    const link = connectTerminal(
      {
        onReset: () => term.reset(),
        onData: (bytes) => term.write(bytes),
        onStatus: (next) => {
          setStatus(next);
          if (next.kind === 'open') term.options.disableStdin = next.watching;
          if (next.kind === 'ended' && next.reason === 'box') endedRef.current?.();
        },
        onWatchers: setWatchers,
      },
      { openTicket: () => openTerminal(boxId) },
    );
    connection.current = link;
    const typed = term.onData((data) => link.type(data));
    const resized = term.onResize(({ cols, rows }) => link.resize(cols, rows));
    const observer = new ResizeObserver(() => fit.fit());
    observer.observe(element);
    fit.fit();
    link.resize(term.cols, term.rows);
    return () => {
      observer.disconnect();
      typed.dispose();
      resized.dispose();
      link.close();
      term.dispose();
      terminal.current = null;
      connection.current = null;
    };
  }, [boxId]);

  useEffect(() => {
    if (terminal.current) terminal.current.options.theme = TERMINAL_THEMES[scheme];
  }, [scheme]);

  useEffect(() => {
    if (terminal.current) terminal.current.options.screenReaderMode = screenReader;
  }, [screenReader]);

  const watching = status.kind === 'open' && status.watching;
  return (
    <Stack gap="xs" h={fill ? '100%' : undefined}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" c="dimmed" role="status" aria-live="polite">
          {status.kind === 'ended' ? status.message : STATUS_TEXT[status.kind]}
          {watching ? ' — watching, read-only' : ''}
        </Text>
        <Switch
          size="sm"
          label="Screen reader mode"
          checked={screenReader}
          onChange={(event) => setScreenReader(event.currentTarget.checked)}
        />
      </Group>
      {watchers.length > 0 && (
        <Alert variant="light" color="blue" icon={<IconEye size={18} aria-hidden />} role="status">
          {watchers.join(', ')} {watchers.length === 1 ? 'is' : 'are'} watching your terminal (they
          see it, and cannot type).
        </Alert>
      )}
      {status.kind === 'ended' && status.reason === 'dropped' && (
        <Alert
          variant="light"
          color="orange"
          icon={<IconPlugConnectedX size={18} aria-hidden />}
          title="Disconnected"
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              Your shell goes on in the box: nothing you ran is lost. Check your network, then
              connect again.
            </Text>
            <Button size="xs" variant="default" onClick={() => connection.current?.reconnect()}>
              Connect again
            </Button>
          </Stack>
        </Alert>
      )}
      <Box
        role="region"
        aria-label={watching ? 'Terminal (watching, read-only)' : 'Terminal'}
        style={{
          flex: fill ? 1 : undefined,
          minHeight: fill ? 0 : undefined,
          border: '1px solid var(--mantine-color-default-border)',
          padding: 6,
          background: TERMINAL_THEMES[scheme].background,
        }}
      >
        <div ref={host} style={{ height: fill ? '100%' : 420 }} data-testid="terminal" />
      </Box>
      <Text size="xs" c="dimmed">
        Tab goes to the shell: press Ctrl+] to leave the terminal. Copy with Ctrl+Shift+C, paste
        with Ctrl+Shift+V.
      </Text>
    </Stack>
  );
}
