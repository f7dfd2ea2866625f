import { type ImageCheck, TARGET_LIMITS } from '@hackclass/contracts';
import { Alert, Button, Group, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconAlertCircle, IconCheck, IconCloudDownload, IconSearch } from '@tabler/icons-react';
import { isApiError } from '@/lib/errors';
import { problemText } from '@/lib/problem-text';
import { useCheckImage } from '../api/check-image';
import type { TargetFormValues } from '../utils/target-form';

const looks: Record<ImageCheck['status'], { color: string; title: string; icon: React.ReactNode }> =
  {
    present: { color: 'green', title: 'Present', icon: <IconCheck size={18} aria-hidden /> },
    pullable: {
      color: 'blue',
      title: 'Pullable',
      icon: <IconCloudDownload size={18} aria-hidden />,
    },
    missing: { color: 'red', title: 'Missing', icon: <IconAlertCircle size={18} aria-hidden /> },
  };

/** The image reference, and "Check image": whether the engine has it or can pull it. */
export function ImageInput({ form }: { form: UseFormReturnType<TargetFormValues> }) {
  const check = useCheckImage();
  const look = check.data ? looks[check.data.status] : null;

  return (
    <div>
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          label="Image"
          description="A Docker image reference, such as registry.school.example/labs/sqli:3"
          required
          maxLength={TARGET_LIMITS.imageMaxLength}
          autoComplete="off"
          spellCheck={false}
          style={{ flex: 1 }}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          {...form.getInputProps('image')}
          onChange={(event) => {
            form.getInputProps('image').onChange(event);
            check.reset();
          }}
        />
        <Button
          variant="default"
          leftSection={<IconSearch size={16} aria-hidden />}
          loading={check.isPending}
          style={{ alignSelf: 'flex-end' }}
          mb={form.errors.image ? 22 : 0}
          onClick={() => {
            const image = form.getValues().image.trim();
            const invalid = form.validateField('image').hasError;
            if (!invalid) check.mutate(image);
          }}
        >
          Check image
        </Button>
      </Group>
      <div role="status" aria-live="polite">
        {check.data && look && (
          <Alert color={look.color} variant="light" icon={look.icon} title={look.title} mt="xs">
            {check.data.message}
          </Alert>
        )}
        {check.isError && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} aria-hidden />}
            title={
              isApiError(check.error) && check.error.code === 'image_not_allowed'
                ? 'Not allowed on this server'
                : 'Not checked'
            }
            mt="xs"
          >
            {problemText(check.error)}
          </Alert>
        )}
      </div>
    </div>
  );
}
