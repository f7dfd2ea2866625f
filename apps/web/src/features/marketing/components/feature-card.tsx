import { Card, Text, ThemeIcon, Title } from '@mantine/core';
import type { Feature } from '../content';

/** One capability: icon, name, one or two sentences. */
export function FeatureCard({ Icon, title, description }: Feature) {
  return (
    <Card withBorder padding="lg" h="100%">
      <ThemeIcon variant="light" size={44} mb="md" aria-hidden>
        <Icon size={24} stroke={1.6} />
      </ThemeIcon>
      <Title order={3} fz="lg" mb={6}>
        {title}
      </Title>
      <Text size="sm" c="dimmed" lh={1.6}>
        {description}
      </Text>
    </Card>
  );
}
