import type { OutboxMail } from '@hackclass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/toast/toast';
import { api } from '@/lib/api-client';
import { isApiError } from '@/lib/errors';
import { mailOutboxQueryKey } from './get-mail-outbox';

export const retryMail = (mailId: string): Promise<OutboxMail> =>
  api.post(`/admin/mail/${encodeURIComponent(mailId)}/retry`);

/**
 * The mail is queued again with every attempt available, and sent within seconds; a mail whose
 * link no longer works is refused, and the toast says why.
 */
export function useRetryMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryMail,
    onError: (error) => {
      if (isApiError(error) && error.code === 'mail_link_dead') {
        toast.error('This mail cannot be sent again', error.detail);
      } else {
        toast.error('Could not queue the mail again. Please try again.');
      }
    },
    onSuccess: (mail) => {
      toast.success(`The mail to ${mail.to} is queued again`);
      return queryClient.invalidateQueries({ queryKey: mailOutboxQueryKey });
    },
  });
}
