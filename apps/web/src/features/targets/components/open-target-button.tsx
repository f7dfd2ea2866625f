import type { ClassroomTarget } from '@hackclass/contracts';
import { Button } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@/components/toast/toast';
import { problemText } from '@/lib/problem-text';
import { openInTab } from '../api/open-target';
import { targetTitle } from '../utils/target-states';

/** Opens a student's running web target in a new tab, as its student does: for their teacher. */
export function OpenTargetButton({ target }: { target: ClassroomTarget }) {
  const open = useMutation({
    mutationFn: openInTab,
    onError: (error) => toast.error('Could not open the target', problemText(error)),
  });
  return (
    <Button
      variant="default"
      size="xs"
      mr="xs"
      leftSection={<IconExternalLink size={14} aria-hidden />}
      loading={open.isPending}
      aria-label={`Open ${target.student.name}’s ${targetTitle(target)} (opens a new tab)`}
      onClick={() => {
        // Opened in the click itself, or a pop-up blocker stops it: the link comes after.
        const tab = window.open('about:blank', '_blank');
        open.mutate({ targetId: target.id, tab });
      }}
    >
      Open
    </Button>
  );
}
