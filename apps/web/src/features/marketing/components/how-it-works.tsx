import { Box, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';

const steps = [
  {
    title: 'Open a classroom',
    description: 'A teacher creates a classroom and invites students by email or shares its code.',
  },
  {
    title: 'Add hacking labs',
    description: 'Each lab has a brief, files to download and a secret flag worth some points.',
  },
  {
    title: 'Capture the flags',
    description: 'Students solve labs, submit flags and see the classroom leaderboard move.',
  },
];

/** Three steps from an empty server to a class at work. */
export function HowItWorks() {
  return (
    <Box component="section" aria-labelledby="how-title" py={{ base: 56, sm: 80 }}>
      <Container size="lg">
        <Title id="how-title" order={2} fz={{ base: 28, sm: 36 }} mb={40} ta="center">
          How it works
        </Title>
        <SimpleGrid component="ol" cols={{ base: 1, sm: 3 }} spacing="xl" p={0} m={0}>
          {steps.map((step, index) => (
            <Stack component="li" key={step.title} gap={8} style={{ listStyle: 'none' }}>
              <Text ff="monospace" fw={700} fz={32} lh={1} c="var(--mantine-color-anchor)">
                {String(index + 1).padStart(2, '0')}
              </Text>
              <Title order={3} fz="lg">
                {step.title}
              </Title>
              <Text c="dimmed">{step.description}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
