/** An error that becomes an RFC 9457 problem document. Services throw these; the error handler renders them. */
export interface FieldProblem {
  field: string;
  code: string;
  message: string;
  limit?: number;
}

export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail?: string,
    readonly errors?: FieldProblem[],
  ) {
    super(detail ?? title);
  }
}

export const badRequest = (detail: string, errors?: FieldProblem[]) => new HttpProblem(400, 'Bad Request', detail, errors);
export const unauthorized = (detail = 'A valid bearer token is required.') => new HttpProblem(401, 'Unauthorized', detail);
export const forbidden = (detail = 'Your role may not call this operation.') => new HttpProblem(403, 'Forbidden', detail);
/** Missing and not-yours look the same: another company's record is "not found". */
export const notFound = (what = 'Record') => new HttpProblem(404, 'Not Found', `${what} not found.`);
export const conflict = (detail: string) => new HttpProblem(409, 'Conflict', detail);
/** A business rule refused the input; `field` names where, `code` says which rule. */
export const ruleViolation = (field: string, code: string, message: string, limit?: number) =>
  badRequest(message, [{ field, code, message, ...(limit === undefined ? {} : { limit }) }]);
