import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, fieldProblem, HttpProblem, problem, problemTexts, type Message, type Values } from '../../lib/problem.js';
import type { ReceivedFile } from './uploads.service.js';

/** The one operation whose body is multipart (spec/uploads.tsp). */
export const UPLOAD_OPERATION = 'ClientUploads_saveUploads';

/**
 * The operations whose body is one file (a claim's upload, a lot's certificate), read by the parsing below, with the
 * id fields each takes beside its file (a lot's certificate names its lot).
 */
const FILE_OPERATION_FIELDS: ReadonlyMap<string, readonly string[]> = new Map([
  [UPLOAD_OPERATION, []],
  ['AdminSustainability_saveLotCertificate', ['lotId']],
]);
export const FILE_OPERATIONS: ReadonlySet<string> = new Set(FILE_OPERATION_FIELDS.keys());

const fieldsOf = (request: FastifyRequest) => FILE_OPERATION_FIELDS.get(request.routeOptions.config.operationId as string);
const takesFile = (request: FastifyRequest) => fieldsOf(request) !== undefined;

const received = new WeakMap<FastifyRequest, ReceivedFile>();

/** The file part read for this request (set before validation of the upload operation). */
export function receivedFile(request: FastifyRequest): ReceivedFile {
  const file = received.get(request);
  if (!file) throw badRequest(/*i18n*/ { id: 'problem.uploads.filePart', message: 'Send the file as a multipart `file` part.' }, undefined, [fieldProblem('file', 'required', problemTexts.required)]);
  return file;
}

const fileProblem = (code: string, message: Message, values?: Values, limit?: number) => badRequest(message, values, [fieldProblem('file', code, message, values, limit)]);

/**
 * Multipart for the file operations only (FILE_OPERATIONS), registered in the API scope before the contract's routes:
 * - any other route refuses a multipart body with 415 (otherwise it would reach a handler without its JSON schema);
 * - a file operation's route reads exactly one `file` part of at most `maxBytes` before validation, keeps the bytes
 *   aside and leaves `{file: <name>}` as the body, so the contract's schema (`file` required) still checks it; the id
 *   fields an operation takes beside it (a lot's `lotId`) join that body as numbers when they are digits, else as sent
 *   (and the schema refuses them).
 * Too large, several parts or no file part answer 400 naming `file`, like every other bad input.
 */
export async function registerUploadParsing(api: FastifyInstance, maxBytes: number): Promise<void> {
  api.addHook('preParsing', async (request) => {
    if (takesFile(request)) return;
    if (/^multipart\//i.test(request.headers['content-type'] ?? '')) {
      throw problem(415, 'Unsupported Media Type', /*i18n*/ { id: 'problem.uploads.takesJson', message: 'This operation takes application/json.' });
    }
  });
  const limits = (fields: number) => ({ fileSize: maxBytes, files: 1, fields, parts: fields + 1, headerPairs: 50 });
  await api.register(multipart, { limits: limits(0) });
  api.addHook('preValidation', async (request) => {
    const names = fieldsOf(request);
    if (names === undefined) return;
    if (!request.isMultipart()) throw fileProblem('required', /*i18n*/ { id: 'problem.uploads.multipartRequired', message: 'Send the file as multipart/form-data with one `file` part.' });
    let file: ReceivedFile | undefined;
    const fields: Record<string, unknown> = {};
    try {
      for await (const part of request.parts({ limits: limits(names.length) })) {
        if (part.type === 'field' && names.includes(part.fieldname) && !(part.fieldname in fields)) {
          const value = String(part.value);
          fields[part.fieldname] = /^\d{1,10}$/.test(value) ? Number(value) : value;
          continue;
        }
        if (part.type !== 'file' || part.fieldname !== 'file') throw fileProblem('parts', /*i18n*/ { id: 'problem.uploads.onePart', message: 'Send exactly one part, named `file`.' });
        file = { filename: part.filename, content: await part.toBuffer() };
      }
    } catch (error) {
      if (error instanceof HttpProblem) throw error;
      const code = (error as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') {
        throw fileProblem('maxSize', /*i18n*/ { id: 'problem.uploads.maxSize', message: 'The file is larger than {mebibytes} MiB.' }, { mebibytes: Math.round(maxBytes / 1024 / 1024) }, maxBytes);
      }
      if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
        throw fileProblem('parts', /*i18n*/ { id: 'problem.uploads.onePartPerRequest', message: 'Send exactly one part, named `file` (one request per file).' });
      }
      throw fileProblem('multipart', /*i18n*/ { id: 'problem.uploads.unreadable', message: 'The multipart body could not be read.' });
    }
    if (!file) throw fileProblem('required', problemTexts.required);
    received.set(request, file);
    request.body = { ...fields, file: file.filename || 'upload' };
  });
}
