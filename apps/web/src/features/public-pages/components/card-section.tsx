import { Box, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { InfoCard as InfoCardValue } from '../content/types';
import { InfoCard } from './info-card';

interface CardSectionProps {
  /** Anchor of the section, /page#id. */
  id: string;
  eyebrow: string;
  title: string;
  description: ReactNode;
  cards: InfoCardValue[];
  columns?: 2 | 3 | 4;
  /** Shaded sections alternate with plain ones. */
  shaded?: boolean;
}

/** A titled section of cards, in the style of the home page's audience sections. */
export function CardSection({
  id,
  eyebrow,
  title,
  description,
  cards,
  columns = 3,
  shaded,
}: CardSectionProps) {
  const titleId = `${id}-title`;
  return (
    <Box
      component="section"
      id={id}
      aria-labelledby={titleId}
      py={{ base: 48, sm: 72 }}
      bg={shaded ? 'var(--hc-color-surface)' : undefined}
      style={{ scrollMarginTop: 64 }}
    >
      <Container size="lg">
        <Stack gap={8} mb={32} maw={680}>
          <Text c="var(--mantine-color-anchor)" fw={700} tt="uppercase" size="sm" lts={1}>
            {eyebrow}
          </Text>
          <Title id={titleId} order={2} fz={{ base: 26, sm: 32 }} lh={1.2}>
            {title}
          </Title>
          <Text c="dimmed" size="lg">
            {description}
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2, md: columns }} spacing="lg">
          {cards.map((card) => (
            <InfoCard key={card.title} card={card} />
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
