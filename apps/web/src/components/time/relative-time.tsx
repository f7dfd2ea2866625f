import { Text } from '@mantine/core';
import { formatRelativeTime } from '@/lib/relative-time';

const full = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

/** "5 minutes ago", with the exact time on hover and in the markup. */
export function RelativeTime({ iso }: { iso: string }) {
  return (
    <Text span size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
      <time dateTime={iso} title={full.format(new Date(iso))}>
        {formatRelativeTime(iso)}
      </time>
    </Text>
  );
}
