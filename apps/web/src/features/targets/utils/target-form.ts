import {
  type LabTarget,
  type LabTargetInput,
  labTargetInputSchema,
  TARGET_LIMITS,
  type TargetFlagMode,
  type TargetKind,
} from '@hackclass/contracts';

/** A variable row of the form; `key` only keeps React rows stable. */
export interface EnvRow {
  key: string;
  name: string;
  value: string;
}

let rowSequence = 0;
export const envRow = (name = '', value = ''): EnvRow => {
  rowSequence += 1;
  return { key: `env-${rowSequence}`, name, value };
};

/** The "Live target" section of the lab form. Number inputs hold '' while empty. */
export interface TargetFormValues {
  enabled: boolean;
  image: string;
  port: number | string;
  kind: TargetKind;
  env: EnvRow[];
  memoryMb: number | string;
  cpus: number | string;
  pids: number | string;
  lifetimeMinutes: number | string;
  extendable: boolean;
  outbound: boolean;
  flagMode: TargetFlagMode;
  flagPrefix: string;
  flagSuffix: string;
}

/** The saved definition when editing, else the contract's defaults with the section off. */
export function targetFormValues(saved?: LabTarget | null): TargetFormValues {
  return {
    enabled: !!saved,
    image: saved?.image ?? '',
    port: saved?.port ?? 8080,
    kind: saved?.kind ?? 'http',
    env: (saved?.env ?? []).map((variable) => envRow(variable.name, variable.value)),
    memoryMb: saved?.memoryMb ?? TARGET_LIMITS.memoryMb.default,
    cpus: saved?.cpus ?? TARGET_LIMITS.cpus.default,
    pids: saved?.pids ?? TARGET_LIMITS.pids.default,
    lifetimeMinutes: saved?.lifetimeMinutes ?? TARGET_LIMITS.lifetimeMinutes.default,
    extendable: saved?.extendable ?? true,
    outbound: saved?.outbound ?? false,
    flagMode: saved?.flagMode ?? 'static',
    flagPrefix: saved?.flagPrefix ?? 'HC{',
    flagSuffix: saved?.flagSuffix ?? '}',
  };
}

/** An empty number input becomes NaN, which the contract refuses with "Enter the …". */
const numberOf = (value: number | string) => (value === '' ? Number.NaN : Number(value));

/** The definition as the API takes it. Prefix and suffix go only with per-student flags. */
export function toTargetInput(values: TargetFormValues): LabTargetInput {
  const perStudent = values.flagMode === 'per-student';
  return {
    image: values.image.trim(),
    port: numberOf(values.port),
    kind: values.kind,
    env: values.env.map(({ name, value }) => ({ name: name.trim(), value })),
    memoryMb: numberOf(values.memoryMb),
    cpus: numberOf(values.cpus),
    pids: numberOf(values.pids),
    lifetimeMinutes: numberOf(values.lifetimeMinutes),
    extendable: values.extendable,
    outbound: values.outbound,
    flagMode: values.flagMode,
    ...(perStudent ? { flagPrefix: values.flagPrefix, flagSuffix: values.flagSuffix } : {}),
  };
}

/** The contract's messages, keyed by the form's field paths (`env.0.name`); empty when valid. */
export function targetFormErrors(values: TargetFormValues): Record<string, string> {
  if (!values.enabled) return {};
  const parsed = labTargetInputSchema.safeParse(toTargetInput(values));
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.');
    errors[path] ??= issue.message;
  }
  return errors;
}

/**
 * The multipart `target` field: the definition as JSON while the section is on; `null` to
 * remove a saved target; left out (undefined) when there is none and none is wanted.
 */
export function targetField(values: TargetFormValues, hadTarget: boolean): string | undefined {
  if (values.enabled) return JSON.stringify(toTargetInput(values));
  return hadTarget ? 'null' : undefined;
}

/**
 * The API's field errors that are the target's: `target.<field>` goes to that field, a bare
 * `target` to the section as a whole.
 */
export function targetApiErrors(errors: Record<string, string[]>): {
  fields: Record<string, string>;
  section: string | null;
} {
  const fields: Record<string, string> = {};
  for (const [key, problems] of Object.entries(errors)) {
    if (key.startsWith('target.') && problems.length) {
      fields[key.slice('target.'.length)] = problems.join(' ');
    }
  }
  const section = errors.target?.length ? errors.target.join(' ') : null;
  return { fields, section };
}
