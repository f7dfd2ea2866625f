import { Text } from '@mantine/core';
import { formatDateTime } from '@/lib/format-date-time';
import { formatRelativeTime } from '@/lib/relative-time';

/** "5 minutes ago", with the exact time on hover and in the markup. */
export function RelativeTime({ iso }: { iso: string }) {
  return (
    <Text span size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
      <time dateTime={iso} title={formatDateTime(iso)}>
        {formatRelativeTime(iso)}
      </time>
    </Text>
  );
}
