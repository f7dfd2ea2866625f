import { Accordion, Anchor, Box, Group, Stack, ThemeIcon, Title } from '@mantine/core';
import type { HelpArticle, HelpSection } from '../../content/help-center/types';
import { Blocks } from '../rich-text';
import classes from './help-center.module.css';

interface HelpSectionViewProps {
  section: HelpSection;
  /** Ids of the open articles. */
  opened: string[];
  onToggle: (opened: string[]) => void;
}

function Articles({
  articles,
  order,
  opened,
  onToggle,
}: { articles: HelpArticle[]; order: 3 | 4 } & Omit<HelpSectionViewProps, 'section'>) {
  return (
    <Accordion multiple variant="contained" order={order} value={opened} onChange={onToggle}>
      {articles.map((article) => (
        <Accordion.Item
          key={article.id}
          value={article.id}
          id={article.id}
          className={classes.article}
        >
          <Accordion.Control fw={600}>{article.question}</Accordion.Control>
          <Accordion.Panel>
            <Stack gap="sm" pb="xs">
              <Blocks blocks={article.answer} />
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

/** One section of the help centre: its heading with a link to itself, then its questions. */
export function HelpSectionView({ section, opened, onToggle }: HelpSectionViewProps) {
  const { id, title, description, Icon, groups } = section;
  return (
    <Box
      component="section"
      id={id}
      aria-labelledby={`${id}-title`}
      style={{ scrollMarginTop: 88 }}
    >
      <Group gap="sm" mb={4} wrap="nowrap">
        <ThemeIcon variant="light" size={40} aria-hidden>
          <Icon size={22} stroke={1.6} />
        </ThemeIcon>
        <Title id={`${id}-title`} order={2} fz={{ base: 24, sm: 28 }}>
          {title}
        </Title>
        <Anchor
          href={`#${id}`}
          c="dimmed"
          fw={700}
          fz="lg"
          underline="hover"
          aria-label={`Link to the section ${title}`}
        >
          #
        </Anchor>
      </Group>
      <Box c="dimmed" mb="lg">
        {description}
      </Box>
      <Stack gap="xl">
        {groups.map((group) =>
          group.title ? (
            <Stack key={group.title} gap="sm">
              <Title order={3} fz="lg">
                {group.title}
              </Title>
              <Articles articles={group.articles} order={4} opened={opened} onToggle={onToggle} />
            </Stack>
          ) : (
            <Articles
              key="articles"
              articles={group.articles}
              order={3}
              opened={opened}
              onToggle={onToggle}
            />
          ),
        )}
      </Stack>
    </Box>
  );
}
