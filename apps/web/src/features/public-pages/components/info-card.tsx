import { Card, Group, Stack, ThemeIcon, Title } from '@mantine/core';
import type { InfoCard as InfoCardValue } from '../content/types';
import { Blocks } from './rich-text';

interface InfoCardProps {
  card: InfoCardValue;
  /** Heading level of the card's title, one below its section's. */
  order?: 3 | 4;
}

/** An icon, a title and a few lines: the card of the community and support pages. */
export function InfoCard({ card: { Icon, title, body }, order = 3 }: InfoCardProps) {
  return (
    <Card withBorder padding="lg" h="100%">
      <Group gap="sm" mb="sm" wrap="nowrap">
        <ThemeIcon variant="light" size={40} aria-hidden>
          <Icon size={22} stroke={1.6} />
        </ThemeIcon>
        <Title order={order} fz="lg" lh={1.3}>
          {title}
        </Title>
      </Group>
      <Stack gap="xs" c="dimmed">
        <Blocks blocks={body} size="sm" />
      </Stack>
    </Card>
  );
}
