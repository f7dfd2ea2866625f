import { Box, Group, Text } from '@mantine/core';
import classes from './terminal-preview.module.css';

const lines = [
  { kind: 'prompt', text: 'unzip web-101-cookies.zip' },
  { kind: 'out', text: '  inflating: server.py   inflating: notes.txt' },
  { kind: 'prompt', text: "curl -s -b 'role=admin' http://lab.local/panel" },
  { kind: 'out', text: '<h1>Welcome, admin</h1> <!-- flag{c00kies_are_n0t_auth} -->' },
  { kind: 'ok', text: '✓ Flag accepted: +150 points' },
] as const;

const leaderboard = [
  { rank: 1, name: 'ada', points: 1250 },
  { rank: 2, name: 'you', points: 1150, me: true },
  { rank: 3, name: 'grace', points: 900 },
];

/** A decorative picture of a lab being solved; its text is for sighted readers only. */
export function TerminalPreview() {
  return (
    <Box className={classes.window} aria-hidden>
      <Group gap={6} className={classes.bar}>
        <span className={classes.dot} />
        <span className={classes.dot} />
        <span className={classes.dot} />
        <Text span size="xs" ml="xs" c="#a1a1aa">
          lab: Cookie Monster, 150 points
        </Text>
      </Group>
      <Box className={classes.body}>
        {lines.map((line) => (
          <div key={line.text} className={classes[line.kind]}>
            {line.kind === 'prompt' && <span className={classes.sign}>$ </span>}
            {line.text}
          </div>
        ))}
        <div className={classes.board}>
          <div className={classes.boardTitle}>Leaderboard, Web Security 101</div>
          {leaderboard.map((row) => (
            <div key={row.rank} className={row.me ? classes.me : classes.row}>
              <span>
                #{row.rank} {row.name}
              </span>
              <span>{row.points}</span>
            </div>
          ))}
        </div>
      </Box>
    </Box>
  );
}
