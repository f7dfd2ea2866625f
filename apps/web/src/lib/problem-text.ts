import { messages } from '@/config/messages';
import { isApiError, isNetworkError } from '@/lib/errors';

/**
 * The sentence a failed request shows: the API's own, which says what limit or what state
 * refused it (for targets, the engine's problem too).
 */
export function problemText(error: unknown): string {
  if (isApiError(error) && error.status < 500) return error.detail ?? error.title;
  // The API's 503 and 502 about targets say what is wrong (off here, engine down, start failed).
  if (isApiError(error) && error.detail) return error.detail;
  if (isNetworkError(error)) return messages.network;
  return messages.generic;
}
