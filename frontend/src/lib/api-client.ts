import type { paths } from '@/lib/api-schema';
import type { Schemas } from '@/lib/api-types';
import { askForStepUp, STEP_UP_REQUIRED } from '@/lib/step-up';
import { getAccessToken } from '@/lib/storage';

/** Sign-in and token checks give up after this long (spec player-side §9). */
export const AUTH_TIMEOUT_MS = 8_000;

/** The server's one error shape (bank/errors.py): `{detail, code, fields}`. */
type ServerError = Schemas['Error'];

export type FieldErrors = ServerError['fields'];

// What a person reads when the server gave no detail of its own (docs/rules.md, "Screens").
/** A server error, or an error page that is not the API's (a proxy's): the call's change did not happen. */
export const SERVER_TROUBLE = 'Something went wrong on our side; nothing was changed. Try again.';
/** A read that got no answer at all. */
export const UNREACHABLE = 'The bank could not be reached. Check your connection and try again.';
/** A change that got no answer (or a gateway's): the server may have made it before the answer was lost. */
export const MAYBE_SAVED =
  'No answer came back from the bank, so this may have been saved. Refresh to check before trying again: a retry is not made twice.';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The words for a failure the server did not explain: whether anything changed, as far as can be known. */
function unexplainedFailure(failure: { status: number; code: string; method?: Method; notJson?: boolean }): string {
  const write = (failure.method ?? 'GET') !== 'GET';
  if (failure.code === 'timeout' || failure.code === 'network_error') return write ? MAYBE_SAVED : UNREACHABLE;
  // a gateway gave up waiting for the server, which may still have done the change
  if (write && (failure.status === 502 || failure.status === 504)) return MAYBE_SAVED;
  if (failure.status >= 500 || failure.notJson) return SERVER_TROUBLE;
  return `Request failed (${failure.status || failure.code})`;
}

/** Every failed call ends here, carrying the server's `{detail, code, fields}` error shape. */
export class ApiError extends Error {
  readonly status: number;
  readonly detail: ServerError['detail'];
  /** the server's code, or the client's own: `timeout`, `network_error`, `http_<status>` */
  readonly code: ServerError['code'];
  readonly fields: FieldErrors;
  /** the answer's `X-Request-ID`: the id the server's (or the proxy's) log lines of this call carry */
  readonly requestId: string | null;

  constructor(init: {
    status: number;
    detail: string;
    code: string;
    fields?: FieldErrors;
    method?: Method;
    notJson?: boolean;
    requestId?: string | null;
  }) {
    // the server's detail when it gave one; else what the failure means for the person
    super(init.detail || unexplainedFailure(init));
    this.name = 'ApiError';
    this.status = init.status;
    this.detail = init.detail;
    this.code = init.code;
    this.fields = init.fields ?? {};
    this.requestId = init.requestId ?? null;
  }

  /**
   * What a person quotes when they report an unexpected failure (a 5xx, the server's or the proxy's):
   * the request id, which finds the call in the logs. None for an answer that explains itself (a 4xx),
   * nor when no answer came back (nothing was logged under an id the page could know).
   */
  get reference(): string | null {
    return this.status >= 500 && this.requestId ? this.requestId : null;
  }

  get isTimeout(): boolean {
    return this.code === 'timeout';
  }

  /** True when no answer came back at all (timeout or network failure). */
  get isUnreachable(): boolean {
    return this.code === 'timeout' || this.code === 'network_error';
  }
}

type QueryValue = string | number | boolean | null | undefined;

interface RequestOptions {
  method?: Method;
  body?: unknown;
  query?: Record<string, QueryValue>;
  /** Abort and throw an ApiError with code `timeout` after this many milliseconds. */
  timeoutMs?: number;
  /** Send the bearer token. Default true. */
  auth?: boolean;
  /** Treat a 401 as the end of the session. Default: the same as `auth`. */
  logoutOn401?: boolean;
  signal?: AbortSignal;
  /** Further headers, such as `Idempotency-Key` (lib/idempotency.ts). */
  headers?: Record<string, string>;
  /** Sent again after a step-up (lib/step-up.ts): a second refusal stands. */
  steppedUp?: boolean;
}

/**
 * The server asks for a fresh second factor (403 `step_up_required`): the call waits while the person gives
 * it (the form behind stays as it was), then goes once more; cancelled, the refusal stands.
 */
async function afterStepUp<T>(error: ApiError, again: () => Promise<T>): Promise<T> {
  if (error.status === 403 && error.code === STEP_UP_REQUIRED && (await askForStepUp(error.detail))) return again();
  throw error;
}

let onUnauthorized: ((error: ApiError) => void) | null = null;

/**
 * The auth provider registers its logout here: any 401 on an authenticated call ends the session.
 * It gets the 401's error: the server's detail says why the session ended.
 */
export function setUnauthorizedHandler(handler: ((error: ApiError) => void) | null): void {
  onUnauthorized = handler;
}

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  return `/api${path}${search ? `?${search}` : ''}`;
}

function asFieldErrors(value: unknown): FieldErrors {
  if (!value || typeof value !== 'object') return {};
  const fields: FieldErrors = {};
  for (const [key, messages] of Object.entries(value as Record<string, unknown>)) {
    fields[key] = Array.isArray(messages) ? messages.map(String) : [String(messages)];
  }
  return fields;
}

async function errorFromResponse(response: Response, method: Method): Promise<ApiError> {
  // each field is checked below: an answer that is not the API's (a proxy's page) may hold anything
  let body: Partial<Record<keyof ServerError, unknown>> | null = null;
  try {
    const parsed: unknown = await response.json();
    if (parsed && typeof parsed === 'object') body = parsed;
  } catch {
    // Not JSON (a proxy's HTML page, say): keep the status only.
  }
  return new ApiError({
    status: response.status,
    detail: typeof body?.detail === 'string' ? body.detail : '',
    code: typeof body?.code === 'string' ? body.code : `http_${response.status}`,
    fields: asFieldErrors(body?.fields),
    method,
    notJson: body === null,
    requestId: readRequestId(response),
  });
}

/** The answer's request id, if it has one of a plausible shape (a proxy's page may carry anything). */
function readRequestId(response: Response): string | null {
  const id = response.headers.get('X-Request-ID');
  return id && /^[A-Za-z0-9-]{8,64}$/.test(id) ? id : null;
}

async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, timeoutMs, auth = true, signal } = options;
  const logoutOn401 = options.logoutOn401 ?? auth;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (auth) {
    const token = getAccessToken();
    if (token) headers.Authorization = `Bearer ${token}`;
  }

  const timeout = new AbortController();
  const timer = timeoutMs ? setTimeout(() => timeout.abort(), timeoutMs) : undefined;
  const signals = signal ? [signal, timeout.signal] : [timeout.signal];

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: signals.length > 1 ? AbortSignal.any(signals) : timeout.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (signal?.aborted) throw error; // the caller cancelled (React Query does this): not a failure
    if (timeout.signal.aborted) {
      throw new ApiError({ status: 0, detail: '', code: 'timeout', method });
    }
    throw new ApiError({ status: 0, detail: '', code: 'network_error', method });
  } finally {
    if (timer) clearTimeout(timer);
  }

  if (!response.ok) {
    const error = await errorFromResponse(response, method);
    if (logoutOn401 && response.status === 401) onUnauthorized?.(error);
    // the same call, with the same Idempotency-Key: a refusal changed nothing and spent no key
    if (!options.steppedUp) return afterStepUp(error, () => apiRequest<T>(path, { ...options, steppedUp: true }));
    throw error;
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

// The client is bound to the generated schema (api-schema.d.ts, `make api-types`): a call's path
// picks the answer's type, so no call names it by hand. A path is written as it is sent, without
// /api, its {parameters} filled in (`/loans/${loanId}` is the schema's `/api/loans/{id}`); a path
// the schema does not have for that method does not compile.
type Verb = 'get' | 'post' | 'put' | 'patch' | 'delete';
/** The schema's paths that answer a method. */
type RoutesWith<V extends Verb> = { [K in keyof paths]: paths[K][V] extends { responses: unknown } ? K : never }[keyof paths];
/** A schema path as a call writes it: without /api, each {parameter} any text. */
type Filled<S extends string> = S extends `${infer Head}{${string}}${infer Tail}` ? `${Head}${string}${Filled<Tail>}` : S;
type Written<K> = K extends `/api${infer Path}` ? Filled<Path> : never;
/** The schema paths whose parameters a call's path fills. */
type Matching<V extends Verb, P extends string> = { [K in RoutesWith<V>]: P extends Written<K> ? K : never }[RoutesWith<V>];
/** Of the paths matched, those no other one narrows (`/loans/eligibility/{player_id}` rather than `/loans/{id}`). */
type MostSpecific<M, All = M> = M extends unknown ? ([NarrowerThan<All, M>] extends [never] ? M : never) : never;
type NarrowerThan<All, K> = All extends K ? never : Written<All> extends Written<K> ? All : never;
/** The schema path a call's path is: itself when the schema has it as written, else the narrowest whose parameters it fills. */
type RouteOf<V extends Verb, P extends string> = `/api${P}` extends RoutesWith<V> ? `/api${P}` : MostSpecific<Matching<V, P>>;
/** What a call answers when it succeeds: the JSON of each 2xx response (none for a 204). */
type Success<Operation> = Operation extends { responses: infer Responses }
  ? {
      [Status in keyof Responses]: Status extends 200 | 201 | 202 | 204
        ? Responses[Status] extends { content: { 'application/json': infer Json } }
          ? Json
          : undefined
        : never;
    }[keyof Responses]
  : never;
/** The answer of method V on the path P as a call writes it. */
export type Answer<V extends Verb, P extends string> = Success<paths[RouteOf<V, P>][V]>;

type CallOptions = Omit<RequestOptions, 'method' | 'body'>;

export const api = {
  get: <P extends Written<RoutesWith<'get'>>>(path: P, options?: CallOptions) =>
    apiRequest<Answer<'get', P>>(path, { ...options, method: 'GET' }),
  post: <P extends Written<RoutesWith<'post'>>>(path: P, body?: unknown, options?: CallOptions) =>
    apiRequest<Answer<'post', P>>(path, { ...options, method: 'POST', body }),
  put: <P extends Written<RoutesWith<'put'>>>(path: P, body?: unknown, options?: CallOptions) =>
    apiRequest<Answer<'put', P>>(path, { ...options, method: 'PUT', body }),
  patch: <P extends Written<RoutesWith<'patch'>>>(path: P, body?: unknown, options?: CallOptions) =>
    apiRequest<Answer<'patch', P>>(path, { ...options, method: 'PATCH', body }),
  delete: <P extends Written<RoutesWith<'delete'>>>(path: P, body?: unknown, options?: CallOptions) =>
    apiRequest<Answer<'delete', P>>(path, { ...options, method: 'DELETE', body }),
};

/** A file the server sends as an attachment: its bytes and the name it gave it. */
export interface Download {
  blob: Blob;
  filename: string;
  /** how many rows the filters matched (`X-Total-Count`, the audit CSV), when the server says */
  total: number | null;
}

/** The file name from `Content-Disposition: attachment; filename="..."`, or the fallback. */
export function attachmentName(header: string | null, fallback: string): string {
  const match = /filename="?([^";]+)"?/i.exec(header ?? '');
  return match ? match[1] : fallback;
}

/** GET a file (a CSV statement) with the bearer token; errors carry the server's detail as usual. */
export async function apiDownload(
  path: string,
  query: Record<string, QueryValue>,
  fallbackName: string,
  steppedUp = false,
): Promise<Download> {
  const headers: Record<string, string> = { Accept: 'text/csv, application/json' };
  const token = getAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), { headers, credentials: 'same-origin' });
  } catch {
    throw new ApiError({ status: 0, detail: '', code: 'network_error' });
  }
  if (!response.ok) {
    const error = await errorFromResponse(response, 'GET');
    if (response.status === 401) onUnauthorized?.(error);
    if (!steppedUp) return afterStepUp(error, () => apiDownload(path, query, fallbackName, true));
    throw error;
  }
  const total = response.headers.get('X-Total-Count');
  return {
    blob: await response.blob(),
    filename: attachmentName(response.headers.get('Content-Disposition'), fallbackName),
    total: total !== null && /^\d+$/.test(total) ? Number(total) : null,
  };
}
