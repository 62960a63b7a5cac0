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
  ) {
    super(problem.detail ?? problem.title);
  }
}

let tokenProvider: () => string | null = () => null;

/** Set once at start-up by the session. */
export function setAccessTokenProvider(provider: () => string | null): void {
  tokenProvider = provider;
}

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

export async function http<T>(config: RequestConfig): Promise<T> {
  const query = config.params
    ? '?' + new URLSearchParams(Object.entries(config.params).filter(([, v]) => v != null).map(([k, v]) => [k, String(v)]))
    : '';
  const headers: Record<string, string> = { ...(config.headers ?? {}) };
  const token = tokenProvider();
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
    throw new ApiError(0, { title: 'Network error', status: 0, detail: 'The portal cannot be reached. Check your connection and try again.' });
  }
  if (!response.ok) {
    let problem: ProblemDocument = { title: response.statusText || 'Error', status: response.status };
    try {
      problem = { ...problem, ...(await response.json()) };
    } catch {
      // not a problem document: keep the status line
    }
    throw new ApiError(response.status, problem);
  }
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
