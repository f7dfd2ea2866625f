import { CLASSROOM_MAX_RUNNING_TARGETS, classroomTargetSettingsSchema } from '@hackclass/contracts';
import { Button, Group, NumberInput, Skeleton } from '@mantine/core';
import { useState } from 'react';
import { ListError } from '@/components/feedback/list-states';
import { toast } from '@/components/toast/toast';
import { problemText } from '@/lib/problem-text';
import { useTargetSettings, useUpdateTargetSettings } from '../api/target-settings';

/** The classroom's "Maximum running targets": empty leaves only the server's own limits. */
export function TargetLimitForm({ classroomId }: { classroomId: string }) {
  const settings = useTargetSettings(classroomId);
  if (settings.isPending) return <Skeleton h={60} maw={360} />;
  if (settings.isError) {
    return (
      <ListError
        message="Could not load the target settings."
        onRetry={() => void settings.refetch()}
      />
    );
  }
  return (
    <LimitForm
      key={String(settings.data.maxRunningTargets)}
      classroomId={classroomId}
      saved={settings.data.maxRunningTargets}
    />
  );
}

function LimitForm({ classroomId, saved }: { classroomId: string; saved: number | null }) {
  const update = useUpdateTargetSettings();
  const [value, setValue] = useState<number | string>(saved ?? '');
  const [error, setError] = useState<string | null>(null);

  const save = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = classroomTargetSettingsSchema.safeParse({
      maxRunningTargets: value === '' ? null : Number(value),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter a number');
      return;
    }
    setError(null);
    update.mutate(
      { classroomId, ...parsed.data },
      {
        onSuccess: () => toast.success('Target limit saved'),
        onError: (failure) => setError(problemText(failure)),
      },
    );
  };

  return (
    <form onSubmit={save} noValidate aria-label="Target limit">
      <Group align="flex-start" gap="sm">
        <NumberInput
          label="Maximum running targets"
          description="For the whole classroom at once; empty: only the server’s limits."
          placeholder="No classroom limit"
          min={CLASSROOM_MAX_RUNNING_TARGETS.min}
          max={CLASSROOM_MAX_RUNNING_TARGETS.max}
          allowDecimal={false}
          allowNegative={false}
          value={value}
          onChange={setValue}
          error={error}
          style={{ flex: '1 1 260px', maxWidth: 360 }}
        />
        <Button type="submit" loading={update.isPending} mt={50}>
          Save
        </Button>
      </Group>
    </form>
  );
}
