import { t } from '@lingui/core/macro';
import { ApiError } from './http';

/** What an error means to the person who caused it. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 503) return error.problem.detail ?? t`The service is briefly unavailable. Try again in a moment.`;
    if (error.status === 409) return error.problem.detail ?? t`Someone else changed this meanwhile. Reload and try again.`;
    // The server says which rule refused (e.g. 'X is a buyer-type client: stock cannot be edited for it'); the
    // generic text only when it gave no reason.
    if (error.status === 403) return error.problem.detail ?? t`Your account may not do this.`;
    if (error.status === 404) return error.problem.detail ?? t`It no longer exists.`;
    return error.problem.detail ?? error.problem.title;
  }
  return error instanceof Error ? error.message : String(error);
}
