import { Badge, Box, Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './page-intro.module.css';

interface PageIntroProps {
  eyebrow: string;
  title: string;
  description: string;
  /** Shown under the description, e.g. the help centre's search. */
  children?: ReactNode;
}

/** The top of a public page: its one h1 and what the page is for. */
export function PageIntro({ eyebrow, title, description, children }: PageIntroProps) {
  return (
    <Box component="section" aria-labelledby="page-title" className={classes.intro}>
      <Container size="lg" py={{ base: 40, sm: 64 }}>
        <Stack gap="md" maw={720}>
          <Badge variant="light" size="lg" w="fit-content">
            {eyebrow}
          </Badge>
          <Title id="page-title" order={1} className={classes.title}>
            {title}
          </Title>
          <Text size="lg" c="dimmed">
            {description}
          </Text>
          {children}
        </Stack>
      </Container>
    </Box>
  );
}
