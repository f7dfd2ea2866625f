import { FLAG_REQUIRED, LAB_FLAG_MAX_LENGTH, normalizeFlag } from '@hackclass/contracts';
import { Alert, Button, Group, TextInput } from '@mantine/core';
import { IconAlertCircle, IconCheck, IconClock, IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { messages } from '@/config/messages';
import { isApiError } from '@/lib/errors';
import { useSubmitFlag } from '../api/submit-flag';

interface FlagFormProps {
  classroomId: string;
  labId: string;
  labName: string;
}

type Outcome =
  | { kind: 'correct' | 'incorrect' | 'already'; message: string; points: number }
  | { kind: 'error'; message: string };

/** Seconds left until `until` (a time in ms), ticking down each second; 0 once past. */
function useSecondsLeft(until: number | null) {
  const left = () => (until === null ? 0 : Math.max(0, Math.ceil((until - Date.now()) / 1000)));
  const [seconds, setSeconds] = useState(left);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `left` reads only `until`.
  useEffect(() => {
    setSeconds(left());
    if (until === null) return;
    const timer = setInterval(() => {
      const next = left();
      setSeconds(next);
      if (next === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  return seconds;
}

const looks = {
  correct: { color: 'green', icon: <IconCheck size={18} aria-hidden />, title: 'Solved' },
  already: {
    color: 'blue',
    icon: <IconInfoCircle size={18} aria-hidden />,
    title: 'Already solved',
  },
  incorrect: {
    color: 'red',
    icon: <IconAlertCircle size={18} aria-hidden />,
    title: 'Incorrect flag',
  },
  error: { color: 'red', icon: <IconAlertCircle size={18} aria-hidden />, title: 'Not sent' },
} as const;

/** One flag for a lab of the classroom: Enter sends it; a right one is cleared, a wrong one kept. */
export function FlagForm({ classroomId, labId, labName }: FlagFormProps) {
  const submit = useSubmitFlag();
  const [flag, setFlag] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [retryUntil, setRetryUntil] = useState<number | null>(null);
  const wait = useSecondsLeft(retryUntil);

  const send = (event: React.FormEvent) => {
    event.preventDefault();
    if (submit.isPending || wait > 0) return;
    const value = normalizeFlag(flag);
    if (!value) {
      setFieldError(FLAG_REQUIRED);
      return;
    }
    setFieldError(null);
    submit.mutate(
      { classroomId, labId, flag: value },
      {
        onSuccess: (result) => {
          const kind = !result.correct ? 'incorrect' : result.alreadySolved ? 'already' : 'correct';
          setOutcome({ kind, message: result.message, points: result.points });
          if (result.correct) setFlag('');
        },
        onError: (failure) => {
          if (isApiError(failure) && failure.status === 429) {
            // Without a Retry-After, wait out the API's whole window (a minute).
            const seconds = failure.retryAfter ?? 60;
            setRetryUntil(Date.now() + seconds * 1000);
            setOutcome(null);
            return;
          }
          const problems = isApiError(failure) ? failure.errors.flag : undefined;
          if (problems?.length) setFieldError(problems.join(' '));
          else if (isApiError(failure) && failure.code === 'lab_locked' && failure.detail) {
            // Locked since the page was loaded: the answer names the labs to solve first.
            setOutcome({ kind: 'error', message: failure.detail });
          } else setOutcome({ kind: 'error', message: messages.generic });
        },
      },
    );
  };

  const look = outcome ? looks[outcome.kind] : null;
  return (
    <form onSubmit={send} noValidate aria-label={`Submit a flag for ${labName}`}>
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          label="Flag"
          placeholder="HC{…}"
          value={flag}
          onChange={(event) => setFlag(event.currentTarget.value)}
          error={fieldError}
          maxLength={LAB_FLAG_MAX_LENGTH}
          autoComplete="off"
          spellCheck={false}
          // Read-only, not disabled, while sending: the caret stays where the user typed.
          readOnly={submit.isPending}
          style={{ flex: 1 }}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        <Button type="submit" mt={25} loading={submit.isPending} disabled={wait > 0}>
          Submit
        </Button>
      </Group>
      <div role="status" aria-live="polite">
        {wait > 0 ? (
          <Alert color="yellow" variant="light" icon={<IconClock size={18} aria-hidden />} mt="sm">
            Too many attempts, try again in {wait} s.
          </Alert>
        ) : (
          outcome &&
          look && (
            <Alert color={look.color} variant="light" icon={look.icon} title={look.title} mt="sm">
              {outcome.message}
              {outcome.kind !== 'error' && outcome.kind !== 'incorrect' && (
                <> You have {outcome.points.toLocaleString('en')} points in this classroom.</>
              )}
            </Alert>
          )
        )}
      </div>
    </form>
  );
}
