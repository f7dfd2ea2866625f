import { Anchor, Box, Stack, Text } from '@mantine/core';
import type { HelpSection } from '../../content/help-center/types';

/** "On this page": a link to each section of the help centre. */
export function HelpToc({ sections }: { sections: HelpSection[] }) {
  return (
    <Box component="nav" aria-labelledby="help-toc-title">
      <Text id="help-toc-title" fw={700} size="sm" tt="uppercase" lts={1} c="dimmed" mb="xs">
        On this page
      </Text>
      <Stack component="ul" gap={2} p={0} m={0} style={{ listStyle: 'none' }}>
        {sections.map((section) => (
          <li key={section.id}>
            <Anchor
              href={`#${section.id}`}
              c="var(--mantine-color-text)"
              size="sm"
              py={4}
              display="block"
            >
              {section.title}
            </Anchor>
          </li>
        ))}
      </Stack>
    </Box>
  );
}
