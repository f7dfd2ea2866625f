import { ActionIcon, CopyButton, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

interface CopyValueButtonProps {
  value: string;
  /** What the button copies, for its tooltip and name, e.g. "Copy address". */
  label: string;
}

/** An icon button that copies `value` and says "Copied" for two seconds. */
export function CopyValueButton({ value, label }: CopyValueButtonProps) {
  return (
    <CopyButton value={value} timeout={2000}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? 'Copied' : label} withArrow>
          <ActionIcon
            variant="default"
            size="lg"
            onClick={copy}
            aria-label={copied ? 'Copied' : label}
            color={copied ? 'green' : undefined}
          >
            {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}
