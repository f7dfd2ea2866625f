import { Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** The closing invitation at the bottom of the home page. */
export function CallToAction() {
  return (
    <Box component="section" aria-labelledby="cta-title" py={{ base: 56, sm: 72 }}>
      <Container size="lg">
        <Box bg="var(--mantine-primary-color-filled)" c="white" px={{ base: 'lg', sm: 48 }} py={48}>
          <Group justify="space-between" align="center" gap="xl">
            <Stack gap={6} maw={560}>
              <Title id="cta-title" order={2} fz={{ base: 26, sm: 32 }}>
                Your first classroom is a few minutes away
              </Title>
              <Text c="white">
                Create an account, open a classroom and add a lab. Your students can be capturing
                flags before the bell.
              </Text>
            </Stack>
            <Group gap="sm">
              <Button component={Link} to={paths.signup.getHref()} variant="white" size="md">
                Get started
              </Button>
              <Button
                component={Link}
                to={paths.helpCenter.getHref()}
                variant="outline"
                color="white"
                size="md"
              >
                Read the help centre
              </Button>
            </Group>
          </Group>
        </Box>
      </Container>
    </Box>
  );
}
