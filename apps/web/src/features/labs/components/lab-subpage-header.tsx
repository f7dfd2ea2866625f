import { Anchor, Breadcrumbs, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** The trail back to the labs and the lab, then the title of a page about one lab. */
export function LabSubpageHeader({
  slug,
  labName,
  crumb,
  title,
  description,
}: {
  slug: string;
  /** The lab's name once loaded; the slug stands in until then. */
  labName: string | undefined;
  crumb: string;
  title: string;
  description: string;
}) {
  return (
    <>
      <Breadcrumbs>
        <Anchor component={Link} to={paths.hackingLabs.getHref()} size="sm">
          Hacking labs
        </Anchor>
        <Anchor component={Link} to={paths.hackingLab.getHref(slug)} size="sm">
          {labName ?? slug}
        </Anchor>
        <span aria-current="page">{crumb}</span>
      </Breadcrumbs>
      <Stack gap={4}>
        <Title order={1}>{title}</Title>
        <Text c="dimmed">{description}</Text>
      </Stack>
    </>
  );
}
