import { TARGET_FLAG_VARIABLE, TARGET_LIMITS } from '@hackclass/contracts';
import {
  Alert,
  Code,
  Fieldset,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import type { TargetFormValues } from '../utils/target-form';
import { TARGETS_OFF_TEXT } from '../utils/target-states';
import { EnvInput } from './env-input';
import { ImageInput } from './image-input';
import { LabelledChoice } from './labelled-choice';

interface TargetSectionProps {
  form: UseFormReturnType<TargetFormValues>;
  /** An API error about the target as a whole. */
  sectionError: string | null;
  /** Whether this server has an engine for targets (`/config.json`). */
  enginePresent: boolean;
}

const limitProps = (limits: { min: number; max: number }) => ({
  min: limits.min,
  max: limits.max,
  allowNegative: false,
  required: true,
});

/** The lab form's "Live target": off unless switched on; the container students each start. */
export function TargetSection({ form, sectionError, enginePresent }: TargetSectionProps) {
  const { values } = form;
  const perStudent = values.flagMode === 'per-student';

  return (
    <Fieldset legend="Live target">
      <Stack gap="md">
        <Switch
          label="This lab has a live target"
          description="Each student starts a container of their own from the lab page."
          {...form.getInputProps('enabled', { type: 'checkbox' })}
        />
        {values.enabled && !enginePresent && (
          <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
            {TARGETS_OFF_TEXT} yet; students cannot start them. The lab saves its target all the
            same.
          </Alert>
        )}
        {values.enabled && sectionError && (
          <Alert color="red" variant="light" role="alert">
            {sectionError}
          </Alert>
        )}
        {values.enabled && (
          <>
            <ImageInput form={form} />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <NumberInput
                label="Port"
                description="The port the image serves on"
                allowDecimal={false}
                {...limitProps({ min: 1, max: 65_535 })}
                {...form.getInputProps('port')}
              />
              <LabelledChoice
                label="Kind"
                description="HTTP opens in the browser; TCP is reached with nc"
                data={[
                  { value: 'http', label: 'HTTP' },
                  { value: 'tcp', label: 'TCP' },
                ]}
                value={values.kind}
                onChange={(kind) => form.setFieldValue('kind', kind)}
              />
            </SimpleGrid>
            <EnvInput form={form} />
            <SimpleGrid cols={{ base: 1, xs: 2, sm: 4 }} spacing="md">
              <NumberInput
                label="Memory (MB)"
                allowDecimal={false}
                {...limitProps(TARGET_LIMITS.memoryMb)}
                {...form.getInputProps('memoryMb')}
              />
              <NumberInput
                label="CPUs"
                decimalScale={2}
                step={0.25}
                {...limitProps(TARGET_LIMITS.cpus)}
                {...form.getInputProps('cpus')}
              />
              <NumberInput
                label="Process limit"
                allowDecimal={false}
                {...limitProps(TARGET_LIMITS.pids)}
                {...form.getInputProps('pids')}
              />
              <NumberInput
                label="Lifetime (minutes)"
                allowDecimal={false}
                {...limitProps(TARGET_LIMITS.lifetimeMinutes)}
                {...form.getInputProps('lifetimeMinutes')}
              />
            </SimpleGrid>
            <Switch
              label="Students may extend"
              description="Push the expiry back by another lifetime while the target runs."
              {...form.getInputProps('extendable', { type: 'checkbox' })}
            />
            <Switch
              label="Outbound network"
              description="Let the target open connections beyond its own network."
              {...form.getInputProps('outbound', { type: 'checkbox' })}
            />
            {values.outbound && (
              <Text
                size="sm"
                c="light-dark(var(--mantine-color-orange-9), var(--mantine-color-orange-4))"
              >
                <IconAlertTriangle
                  size={16}
                  aria-hidden
                  style={{ verticalAlign: 'text-bottom', marginRight: 6 }}
                />
                Students’ targets can then reach the internet and your school’s network.
              </Text>
            )}
            <LabelledChoice
              label="Flag"
              data={[
                { value: 'static', label: 'Static' },
                { value: 'per-student', label: 'Per student' },
              ]}
              value={values.flagMode}
              onChange={(flagMode) => form.setFieldValue('flagMode', flagMode)}
              description={
                perStudent ? undefined : 'Static: every target holds one of the lab’s flags above.'
              }
            />
            {perStudent && (
              <>
                <Text size="sm" c="dimmed">
                  Each target gets a flag of its own, prefix + an unguessable value + suffix, in the
                  variable <Code>{TARGET_FLAG_VARIABLE}</Code>. The lab’s flags above become
                  optional.
                </Text>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  <TextInput
                    label="Flag prefix"
                    maxLength={TARGET_LIMITS.flagAffixMaxLength}
                    autoComplete="off"
                    spellCheck={false}
                    styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                    {...form.getInputProps('flagPrefix')}
                  />
                  <TextInput
                    label="Flag suffix"
                    maxLength={TARGET_LIMITS.flagAffixMaxLength}
                    autoComplete="off"
                    spellCheck={false}
                    styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                    {...form.getInputProps('flagSuffix')}
                  />
                </SimpleGrid>
              </>
            )}
          </>
        )}
      </Stack>
    </Fieldset>
  );
}
