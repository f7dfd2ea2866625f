import { Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';

interface CallToActionBandProps {
  title: string;
  text: string;
  /** The first is the main action, the second an alternative to it. */
  links: [CallToActionLink, CallToActionLink];
}

interface CallToActionLink {
  label: string;
  to: string;
}

/** The closing band of a public page: a line of invitation and where to go next. */
export function CallToActionBand({
  title,
  text,
  links: [main, alternative],
}: CallToActionBandProps) {
  const titleId = useId();
  return (
    <Box component="section" aria-labelledby={titleId} py={{ base: 56, sm: 72 }}>
      <Container size="lg">
        <Box bg="var(--mantine-primary-color-filled)" c="white" px={{ base: 'lg', sm: 48 }} py={48}>
          <Group justify="space-between" align="center" gap="xl">
            <Stack gap={6} maw={560}>
              <Title id={titleId} order={2} fz={{ base: 26, sm: 32 }}>
                {title}
              </Title>
              <Text c="white">{text}</Text>
            </Stack>
            <Group gap="sm">
              <Button component={Link} to={main.to} variant="white" size="md">
                {main.label}
              </Button>
              <Button
                component={Link}
                to={alternative.to}
                variant="outline"
                color="white"
                size="md"
              >
                {alternative.label}
              </Button>
            </Group>
          </Group>
        </Box>
      </Container>
    </Box>
  );
}
