import { Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** The closing band of the community page: where to go with a question. */
export function NextSteps() {
  return (
    <Box component="section" aria-labelledby="next-steps-title" py={{ base: 48, sm: 72 }}>
      <Container size="lg">
        <Box bg="var(--mantine-primary-color-filled)" c="white" px={{ base: 'lg', sm: 48 }} py={40}>
          <Group justify="space-between" align="center" gap="xl">
            <Stack gap={6} maw={560}>
              <Title id="next-steps-title" order={2} fz={{ base: 24, sm: 30 }}>
                Have a question?
              </Title>
              <Text c="white">
                The help centre answers the common ones. For anything else, support explains who
                runs your instance and what to tell them.
              </Text>
            </Stack>
            <Group gap="sm">
              <Button component={Link} to={paths.helpCenter.getHref()} variant="white" size="md">
                Help centre
              </Button>
              <Button
                component={Link}
                to={paths.support.getHref()}
                variant="outline"
                color="white"
                size="md"
              >
                Support
              </Button>
            </Group>
          </Group>
        </Box>
      </Container>
    </Box>
  );
}
