import { Group, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { BrandMark } from './brand-mark';

interface BrandLinkProps {
  size?: 'md' | 'lg';
  onClick?: () => void;
}

/** The product mark and name, linking home. */
export function BrandLink({ size = 'md', onClick }: BrandLinkProps) {
  const large = size === 'lg';
  return (
    <UnstyledButton component={Link} to={paths.home.getHref()} onClick={onClick}>
      <Group gap={large ? 'sm' : 8} wrap="nowrap">
        <BrandMark size={large ? 44 : 28} />
        <Text component="span" fw={800} fz={large ? 28 : 'xl'} lts={-0.5}>
          HackClass
        </Text>
      </Group>
    </UnstyledButton>
  );
}
