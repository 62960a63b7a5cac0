import { t } from '@lingui/core/macro';

/**
 * The one HTTP client of the web app: orval's generated hooks call it (see orval.config.ts). It adds the
 * bearer token, sends JSON (or multipart), and turns error answers into `ApiError` carrying the problem
 * document, so screens can show the field errors and the reason.
 */
export interface ProblemDocument {
  type?: string;
  title: string;
  status: number;
  detail?: string;
  errors?: { field: string; code: string; message: string; limit?: number }[];
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly problem: ProblemDocument,
    /** The server's Retry-After (seconds), on 503 and 429 answers. */
    readonly retryAfterSeconds?: number,
  ) {
    super(problem.detail ?? problem.title);
  }
}

/** The API answered 503: the service (its database) is briefly unavailable; asking again shortly works. */
export function isServiceUnavailable(error: unknown): boolean {
  return error instanceof ApiError && error.status === 503;
}

/**
 * Whether the portal's API answers right now: false from a 503 until the next successful answer. The
 * banner 'The service is briefly unavailable, retrying…' shows while it is false.
 */
const availability = { available: true, listeners: new Set<() => void>() };
function setAvailable(available: boolean) {
  if (availability.available === available) return;
  availability.available = available;
  for (const listener of availability.listeners) listener();
}
export const serviceAvailability = {
  subscribe(listener: () => void): () => void {
    availability.listeners.add(listener);
    return () => availability.listeners.delete(listener);
  },
  isAvailable: () => availability.available,
};

/**
 * A fresh `Idempotency-Key` header for one save attempt (one click on Save). `http` sends the same key again
 * when it retries that attempt, so the API creates the record once (spec/idempotency.tsp).
 */
export function idempotencyKey(): { 'Idempotency-Key': string } {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return { 'Idempotency-Key': Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('') };
}

/** Waits before the next retry of an idempotent save: 1, 2, 4, 8, 8 s. */
export const SAVE_RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 8_000];

/** A save with a key is retried when the answer may come once the service is back, or never came. */
export function isRetryableSave(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  // 409 with Retry-After: the first attempt with this key is still running.
  return error.status === 503 || error.status === 0 || (error.status === 409 && error.retryAfterSeconds !== undefined);
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException('Aborted', 'AbortError'));
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DOMException('Aborted', 'AbortError'));
    });
  });
}

let tokenProvider: () => string | null = () => null;

/** Set once at start-up by the session. */
export function setAccessTokenProvider(provider: () => string | null): void {
  tokenProvider = provider;
}

/** The current access token, for a call `http` cannot make (the notifications' event stream reads its body as it comes). */
export const currentAccessToken = (): string | null => tokenProvider();

export interface RequestConfig {
  url: string;
  method: string;
  headers?: Record<string, string>;
  params?: Record<string, unknown>;
  data?: unknown;
  signal?: AbortSignal;
  responseType?: 'json' | 'blob' | 'text';
}

export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star?.[1]) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain?.[1] ?? null;
}

/**
 * One API call. A write is never retried blindly: only a request carrying an `Idempotency-Key` is sent again
 * (same key) after a 503, a lost answer or a "still running" 409, with backoff; everything else fails at once.
 */
export async function http<T>(config: RequestConfig): Promise<T> {
  const idempotent = Boolean(config.headers?.['Idempotency-Key']);
  for (let attempt = 0; ; attempt++) {
    try {
      return await send<T>(config);
    } catch (error) {
      const delay = SAVE_RETRY_DELAYS_MS[attempt];
      if (!idempotent || delay === undefined || !isRetryableSave(error)) throw error;
      await pause(delay, config.signal);
    }
  }
}

async function send<T>(config: RequestConfig): Promise<T> {
  const query = config.params
    ? '?' + new URLSearchParams(Object.entries(config.params).filter(([, v]) => v != null).map(([k, v]) => [k, String(v)]))
    : '';
  const headers: Record<string, string> = { ...(config.headers ?? {}) };
  const token = tokenProvider();
  // eslint-disable-next-line lingui/no-unlocalized-strings -- the scheme of the header, no text
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (config.data instanceof FormData) {
    body = config.data;
    delete headers['Content-Type']; // the browser sets the multipart boundary
  } else if (config.data !== undefined) {
    body = JSON.stringify(config.data);
    headers['Content-Type'] = 'application/json';
  }
  let response: Response;
  try {
    response = await fetch(`${config.url}${query}`, { method: config.method, headers, body, signal: config.signal });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, { title: t`Network error`, status: 0, detail: t`The portal cannot be reached. Check your connection and try again.` });
  }
  if (!response.ok) {
    let problem: ProblemDocument = { title: response.statusText || t`Error`, status: response.status };
    try {
      problem = { ...problem, ...(await response.json()) };
    } catch {
      // not a problem document: keep the status line
    }
    if (response.status === 503) setAvailable(false);
    const retryAfter = Number(response.headers.get('retry-after') ?? Number.NaN);
    throw new ApiError(response.status, problem, Number.isFinite(retryAfter) ? retryAfter : undefined);
  }
  setAvailable(true);
  const type = response.headers.get('content-type') ?? '';
  if (config.responseType === 'blob' || (!type.includes('json') && !type.startsWith('text/plain'))) {
    // A File is a Blob with a name: the generated hooks type downloads as Blob, and saveFile() reads the
    // name the server gave in Content-Disposition from it.
    const blob = await response.blob();
    const name = filenameFromDisposition(response.headers.get('content-disposition')) ?? 'download';
    return new File([blob], name, { type: blob.type }) as T;
  }
  return (await response.json()) as T;
}

export default http;

/** Saves a downloaded file under the server's name (or `fallback`). */
export function saveFile(file: Blob, fallback = 'download'): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = file instanceof File && file.name !== 'download' ? file.name : fallback;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
