import { t } from '@lingui/core/macro';
import { ApiError, idempotencyKey, isRetryableSave, SAVE_RETRY_DELAYS_MS, type ProblemDocument } from '../../api/http';
import type { Upload } from '@generated/model';
import './catalogue';

/**
 * Uploads one file with one Idempotency-Key, re-sent with the same key (so the file is stored once) while the
 * service is briefly unavailable or the answer got lost, with the same backoff as every other save.
 */
export async function uploadFile(
  file: File,
  options: { token: string | null; signal: AbortSignal; onProgress: (part: number) => void },
): Promise<Upload> {
  const key = idempotencyKey();
  for (let attempt = 0; ; attempt++) {
    try {
      return await uploadOnce(file, key, options);
    } catch (error) {
      const delay = SAVE_RETRY_DELAYS_MS[attempt];
      if (delay === undefined || !isRetryableSave(error) || options.signal.aborted) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/**
 * Uploads one file to POST /api/client/uploads/save (one `file` part per request, as the contract asks) and reports
 * its progress. The project's `http` helper uses fetch, which cannot report upload progress, so this one request
 * goes through XMLHttpRequest; errors become the same `ApiError` (problem document) as every other call.
 */
function uploadOnce(
  file: File,
  key: { 'Idempotency-Key': string },
  options: { token: string | null; signal: AbortSignal; onProgress: (part: number) => void },
): Promise<Upload> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/client/uploads/save');
    // HTTP header names and the token's scheme: protocol words, no text a person reads.
    /* eslint-disable lingui/no-unlocalized-strings */
    if (options.token) request.setRequestHeader('Authorization', `Bearer ${options.token}`);
    request.setRequestHeader('Idempotency-Key', key['Idempotency-Key']);
    /* eslint-enable lingui/no-unlocalized-strings */
    request.responseType = 'text';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        // not JSON: keep the status line
      }
      if (request.status >= 200 && request.status < 300) {
        const saved = (body as { Upload?: Upload[] } | null)?.Upload?.[0];
        if (saved) {
          options.onProgress(1);
          resolve(saved);
          return;
        }
      }
      const problem: ProblemDocument = { title: request.statusText || t`Error`, status: request.status, ...(body as object | null) };
      const retryAfter = Number(request.getResponseHeader('retry-after') ?? Number.NaN);
      reject(new ApiError(request.status, problem, Number.isFinite(retryAfter) ? retryAfter : undefined));
    };
    request.onerror = () =>
      reject(new ApiError(0, { title: t`Network error`, status: 0, detail: t`The portal cannot be reached. Check your connection and try again.` }));
    request.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    if (options.signal.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    options.signal.addEventListener('abort', () => request.abort(), { once: true });
    const form = new FormData();
    form.append('file', file);
    request.send(form);
  });
}
