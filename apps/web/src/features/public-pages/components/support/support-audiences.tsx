import { Box, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { supportAudiences } from '../../content/support';
import { InfoCard } from '../info-card';

/** Who to ask, for students, teachers and operators; the operators' card spans the row. */
export function SupportAudiences() {
  return (
    <Box component="section" aria-labelledby="who-to-ask-title" py={{ base: 48, sm: 72 }}>
      <Container size="lg">
        <Stack gap={8} mb={32} maw={680}>
          <Title id="who-to-ask-title" order={2} fz={{ base: 26, sm: 32 }} lh={1.2}>
            Who to ask
          </Title>
          <Text c="dimmed" size="lg">
            Start with the person closest to you: students with their teacher, teachers with their
            operator.
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          {supportAudiences.map(({ id, ...card }) => (
            <Box
              key={id}
              id={id}
              style={{
                scrollMarginTop: 80,
                gridColumn: id === 'operators' ? '1 / -1' : undefined,
              }}
            >
              <InfoCard card={card} />
            </Box>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
