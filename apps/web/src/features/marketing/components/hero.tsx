import {
  Badge,
  Box,
  Button,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowRight, IconCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import classes from './hero.module.css';
import { TerminalPreview } from './terminal-preview';

const highlights = ['One command to start', 'Accounts stay on your server', 'Built for classrooms'];

/** The top of the home page: what HackClass is, and the two ways in. */
export function Hero() {
  return (
    <Box component="section" aria-labelledby="hero-title" className={classes.hero}>
      <Container size="lg" py={{ base: 48, sm: 88 }}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={{ base: 40, md: 56 }}>
          <Stack gap="lg" justify="center">
            <Badge variant="light" size="lg" w="fit-content">
              Self-hosted security training
            </Badge>
            <Title id="hero-title" order={1} className={classes.title}>
              Teach hacking by doing it,{' '}
              <Text component="span" inherit c="var(--mantine-color-anchor)">
                in a classroom you run.
              </Text>
            </Title>
            <Text size="lg" c="dimmed" maw={540}>
              HackClass gives teachers classrooms and hacking labs, gives students flags to capture
              and a leaderboard to climb, and runs on a machine you control.
            </Text>
            <Group gap="sm">
              <Button
                component={Link}
                to={paths.signup.getHref()}
                size="md"
                rightSection={<IconArrowRight size={18} aria-hidden />}
              >
                Get started
              </Button>
              <Button component={Link} to={paths.login.getHref()} size="md" variant="default">
                Log in
              </Button>
            </Group>
            <Group component="ul" gap="md" className={classes.highlights}>
              {highlights.map((item) => (
                <Group component="li" key={item} gap={6} wrap="nowrap">
                  <IconCheck size={16} color="var(--mantine-color-anchor)" aria-hidden />
                  <Text size="sm" c="dimmed">
                    {item}
                  </Text>
                </Group>
              ))}
            </Group>
          </Stack>
          <TerminalPreview />
        </SimpleGrid>
      </Container>
    </Box>
  );
}
