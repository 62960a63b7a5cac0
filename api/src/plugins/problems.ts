import { STATUS_CODES } from 'node:http';
import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { translator, type Locale } from '../lib/i18n.js';
import { englishOnly, fieldProblem, HttpProblem, problem, problemTexts, render, type FieldProblem, type TranslatableFieldProblem } from '../lib/problem.js';

interface AjvError {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

/** ajv's `/manufacturer/defaultLeadTime` (+ missingProperty) becomes `manufacturer.defaultLeadTime`. */
export function fieldErrorsOf(errors: AjvError[]): FieldProblem[] {
  return errors.map((error) => {
    const segments = error.instancePath.split('/').filter(Boolean);
    if (error.keyword === 'required' && typeof error.params.missingProperty === 'string') {
      segments.push(error.params.missingProperty);
    }
    const limit = error.params.limit ?? error.params.multipleOf;
    return {
      field: segments.join('.'),
      code: error.keyword,
      message: error.message ?? error.keyword,
      ...(typeof limit === 'number' ? { limit } : {}),
    };
  });
}

function send(reply: FastifyReply, status: number, title: string, detail?: string, errors?: FieldProblem[]) {
  return reply
    .status(status)
    .type('application/problem+json')
    .send({ type: 'about:blank', title, status, ...(detail ? { detail } : {}), instance: reply.request.url, ...(errors ? { errors } : {}) });
}

/**
 * Errors that mean "the database cannot serve this right now": connection refused or dropped, server
 * shutting down or restarting (57P0x), connection failures (08xxx), out of connections or resources (53xxx),
 * a statement over DB_STATEMENT_TIMEOUT_MS (57014), no free pool connection within DB_ACQUIRE_TIMEOUT_MS.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  if (typeof code === 'string') {
    if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03', '57014'].includes(code)) return true;
    if (code.startsWith('08') || code.startsWith('53')) return true;
  }
  const message = (error as { message?: unknown })?.message;
  return (
    typeof message === 'string' &&
    /Connection terminated|timeout exceeded when trying to connect|Query read timeout|not queryable|Cannot use a pool after calling end/i.test(message)
  );
}

/** Fastify's own 400s about the body itself (empty, not JSON) name the body as the failing field. */
function bodyErrorsOf(error: FastifyError): TranslatableFieldProblem[] | undefined {
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return [fieldProblem('', 'required', problemTexts.jsonBody)];
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
    return [fieldProblem('', 'json', /*i18n*/ { id: 'problem.input.invalidJson', message: 'The body is not valid JSON.' })];
  }
  return undefined;
}

export interface ProblemsOptions {
  /**
   * The language the caller reads (their choice, else their browser's, else their company's). A problem whose detail
   * is in the catalogues is sent in it; English, and details only in English, as they are.
   */
  languageOf?: (request: FastifyRequest) => Promise<Locale>;
}

/** Each request's Accept-Language as it arrived. */
const acceptLanguages = new WeakMap<FastifyRequest, string | undefined>();

/**
 * The request's Accept-Language as it arrived. Validating an operation's headers drops the ones the contract does not
 * name (ajv's removeAdditional, on the very headers object), so after validation `request.headers` no longer holds it.
 */
export const acceptLanguageOf = (request: FastifyRequest): string | undefined =>
  acceptLanguages.has(request) ? acceptLanguages.get(request) : request.headers['accept-language'];

/** Every error leaves the API as an RFC 9457 problem document; internals are logged, never sent. */
export const problemsPlugin = fp<ProblemsOptions>(async (app, options) => {
  app.addHook('onRequest', (request, _reply, done) => {
    acceptLanguages.set(request, request.headers['accept-language']);
    done();
  });
  /** The caller's locale, English when the lookup fails (the problem is sent all the same). */
  const localeOf = async (request: FastifyRequest): Promise<Locale> => {
    if (!options.languageOf) return 'en';
    try {
      return await options.languageOf(request);
    } catch {
      return 'en';
    }
  };
  /**
   * The problem's detail and field messages in the caller's language, the internal catalogue references left out;
   * English when a text has no catalogue message, or the language or its catalogue cannot be had.
   */
  const rendered = async (request: FastifyRequest, error: HttpProblem) => {
    const errors = error.errors?.map(({ translatable: _, ...field }) => field);
    const translatable = error.translatable || error.errors?.some((field) => field.translatable);
    const locale = translatable ? await localeOf(request) : 'en';
    if (locale === 'en') return { detail: error.detail, errors };
    const l = await translator(locale).catch(() => undefined);
    if (!l) return { detail: error.detail, errors };
    return {
      detail: error.translatable ? render(l, error.translatable) : error.detail,
      errors: error.errors?.map(({ translatable, ...field }) => (translatable ? { ...field, message: render(l, translatable) } : field)),
    };
  };
  app.setErrorHandler(async (error: FastifyError | HttpProblem, request, reply) => {
    if (error instanceof HttpProblem) {
      if (error.status >= 500) request.log.error({ err: error }, error.message);
      // A dependency away (the upload bucket): the client may retry, as for the database below.
      if (error.status === 503 && !reply.hasHeader('Retry-After')) reply.header('Retry-After', '5');
      const { detail, errors } = await rendered(request, error);
      return send(reply, error.status, error.title, detail, errors);
    }
    if (error.validation) {
      const errors = fieldErrorsOf(error.validation as AjvError[]);
      const { detail } = await rendered(request, problem(400, 'Bad Request', problemTexts.contract));
      return send(reply, 400, 'Bad Request', detail, errors);
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('Retry-After', '5');
      // The caller's choice is in the database that is away: this one stays English.
      return send(reply, 503, 'Service Unavailable', problemTexts.databaseUnavailable.message);
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return send(reply, status === 501 ? 501 : 500, status === 501 ? 'Not Implemented' : 'Internal Server Error');
    }
    // English only: the detail is Fastify's own words for a malformed request; the field messages are the catalogue's.
    const { detail, errors } = await rendered(request, englishOnly(status, STATUS_CODES[status] ?? 'Error', error.message, bodyErrorsOf(error)));
    return send(reply, status, STATUS_CODES[status] ?? 'Error', detail, errors);
  });
  app.setNotFoundHandler((request, reply) => send(reply, 404, 'Not Found', `No route ${request.method} ${request.url}.`));
});
