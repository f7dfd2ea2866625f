import { BULK_INVITATIONS, type InvitationResult } from '@hackclass/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '@/lib/errors';
import { invalidateMembership } from '../api/invalidate-membership';
import { inviteMany } from '../api/invite-many';

/** Addresses a request: as many as the API takes, few enough that the progress moves visibly. */
const INVITATION_CHUNK = BULK_INVITATIONS.maxPerRequest;

const failureOf = (error: unknown) =>
  isApiError(error) ? (error.detail ?? error.title) : 'Could not reach the server';

/**
 * Sends a list in chunks, counting what is done; a chunk the API refuses as a whole (rate
 * limit, lost connection) marks its addresses failed and the rest still go. The failed ones can
 * be sent again; the report then holds their new outcomes.
 */
export function useSendInvitations(classroomId: string) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [results, setResults] = useState<InvitationResult[] | null>(null);
  const failed = results?.filter((result) => result.outcome === 'failed') ?? [];

  async function send(emails: string[], settled: InvitationResult[] = []) {
    const sent: InvitationResult[] = [];
    setResults(null);
    setProgress({ done: 0, total: emails.length });
    for (let start = 0; start < emails.length; start += INVITATION_CHUNK) {
      const chunk = emails.slice(start, start + INVITATION_CHUNK);
      const outcomes = await inviteMany(classroomId, chunk).then(
        (answer) => answer.results,
        (error: unknown) =>
          chunk.map((email) => ({ email, outcome: 'failed' as const, reason: failureOf(error) })),
      );
      sent.push(...outcomes);
      setProgress({ done: sent.length, total: emails.length });
    }
    await invalidateMembership(queryClient, classroomId);
    setResults([...settled, ...sent]);
  }

  function retryFailed() {
    const settled = results?.filter((result) => result.outcome !== 'failed') ?? [];
    return send(
      failed.map((result) => result.email),
      settled,
    );
  }

  function reset() {
    setProgress(null);
    setResults(null);
  }

  return {
    send,
    retryFailed,
    reset,
    progress,
    results,
    failedCount: failed.length,
    sending: progress !== null && results === null,
  };
}
