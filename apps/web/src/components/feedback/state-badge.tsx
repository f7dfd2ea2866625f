import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './state-badge.module.css';

interface StateBadgeProps {
  tone: 'yellow' | 'orange' | 'red';
  icon?: ReactNode;
  children: ReactNode;
}

/** A small square badge for a state (Locked, Due soon, Late), readable in both modes. */
export function StateBadge({ tone, icon, children }: StateBadgeProps) {
  return (
    <Badge
      size="sm"
      variant="light"
      color={tone}
      radius={0}
      leftSection={icon}
      style={{ flexShrink: 0 }}
    >
      <span className={classes[tone]}>{children}</span>
    </Badge>
  );
}
