import { type OutboxMail, outboxMailSchema } from '@hackclass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/toast/toast';
import { api } from '@/lib/api-client';
import { mailOutboxQueryKey } from './get-mail-outbox';

export const retryMail = (mailId: string): Promise<OutboxMail> =>
  api.post(`/admin/mail/${encodeURIComponent(mailId)}/retry`, { schema: outboxMailSchema });

/** The mail is queued again with every attempt available, and sent within seconds. */
export function useRetryMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryMail,
    meta: { errorToast: 'Could not queue the mail again. Please try again.' },
    onSuccess: (mail) => {
      toast.success(`The mail to ${mail.to} is queued again`);
      return queryClient.invalidateQueries({ queryKey: mailOutboxQueryKey });
    },
  });
}
