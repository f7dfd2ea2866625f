import { Button, Container, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { IconSearchOff } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { helpSections } from '../../content/help-center';
import { PageIntro } from '../page-intro';
import { articleIds, filterHelp } from './filter-help';
import classes from './help-center.module.css';
import { HelpSearch } from './help-search';
import { HelpSectionView } from './help-section';
import { HelpToc } from './help-toc';

const allIds = articleIds(helpSections);

const articlesText = (count: number) => (count === 1 ? '1 article' : `${count} articles`);

/** What the live region says about the search, so screen readers hear the result count. */
function resultText(query: string, count: number) {
  if (!query) return `${articlesText(allIds.length)} in ${helpSections.length} sections.`;
  if (count === 0) return `No article matches “${query}”.`;
  return `${articlesText(count)} of ${allIds.length} match “${query}”.`;
}

/**
 * The help centre: questions by audience, filtered as the visitor types. While searching, every
 * matching answer is open, since the match may be in the answer rather than the question. A link
 * to an article (/help-center#reset-password) opens it.
 */
export function HelpCenter() {
  const { hash } = useLocation();
  const [query, setQuery] = useState('');
  const [opened, setOpened] = useState<string[]>([]);
  const sections = useMemo(() => filterHelp(query), [query]);
  const trimmed = query.trim();
  const count = articleIds(sections).length;

  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (allIds.includes(id)) setOpened((ids) => (ids.includes(id) ? ids : [...ids, id]));
  }, [hash]);

  const search = (value: string) => {
    setQuery(value);
    setOpened(value.trim() ? articleIds(filterHelp(value)) : []);
  };

  return (
    <>
      <PageIntro
        eyebrow="Guides and answers"
        title="Help centre"
        description="Answers for teachers, students and the people who run HackClass: getting started, accounts, classrooms, hacking labs and hosting."
      >
        <HelpSearch query={query} onChange={search} />
        <Text size="sm" c="dimmed" aria-live="polite" aria-atomic mih={22}>
          {resultText(trimmed, count)}
        </Text>
      </PageIntro>

      <Container size="lg" py={{ base: 40, sm: 64 }}>
        {sections.length === 0 ? (
          <Stack align="center" ta="center" gap="sm" py={48}>
            <IconSearchOff size={44} stroke={1.4} color="var(--mantine-color-dimmed)" aria-hidden />
            <Title order={2} fz="xl" style={{ overflowWrap: 'anywhere' }}>
              No article matches “{trimmed}”
            </Title>
            <Text c="dimmed" maw={460}>
              Check the spelling, or try fewer or other words. If your question is not here, the
              support page explains who can help.
            </Text>
            <Group justify="center" gap="sm" mt="xs">
              <Button variant="default" onClick={() => search('')}>
                Clear search
              </Button>
              <Button component={Link} to={paths.support.getHref()}>
                Get support
              </Button>
            </Group>
          </Stack>
        ) : (
          <Grid gap={{ base: 32, md: 48 }} overflow="visible">
            <Grid.Col span={{ base: 12, md: 3 }}>
              <div className={classes.toc}>
                <HelpToc sections={sections} />
              </div>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 9 }}>
              <Stack gap={56}>
                {sections.map((section) => (
                  <HelpSectionView
                    key={section.id}
                    section={section}
                    opened={opened}
                    onToggle={setOpened}
                  />
                ))}
              </Stack>
            </Grid.Col>
          </Grid>
        )}
      </Container>
    </>
  );
}
