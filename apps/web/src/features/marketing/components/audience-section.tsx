import { Box, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Audience } from '../content';
import { FeatureCard } from './feature-card';

interface AudienceSectionProps {
  audience: Audience;
  /** Shaded sections alternate with plain ones. */
  shaded?: boolean;
}

/** What HackClass does for one kind of user. */
export function AudienceSection({ audience, shaded }: AudienceSectionProps) {
  const titleId = `${audience.id}-title`;
  const columns = audience.features.length === 3 ? 3 : 4;
  return (
    <Box
      component="section"
      aria-labelledby={titleId}
      py={{ base: 56, sm: 80 }}
      bg={shaded ? 'var(--hc-color-surface)' : undefined}
    >
      <Container size="lg">
        <Stack gap={8} mb={40} maw={640}>
          <Text c="var(--mantine-color-anchor)" fw={700} tt="uppercase" size="sm" lts={1}>
            {audience.eyebrow}
          </Text>
          <Title id={titleId} order={2} fz={{ base: 28, sm: 36 }} lh={1.2}>
            {audience.title}
          </Title>
          <Text c="dimmed" size="lg">
            {audience.description}
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, xs: 2, md: columns }} spacing="lg">
          {audience.features.map((feature) => (
            <FeatureCard key={feature.title} {...feature} />
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
