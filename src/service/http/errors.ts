/**
 * Errors a route can throw. Non-validation errors answer `{detail: {code, message}}`; validation
 * errors answer 422 `{detail: [{loc, msg, type}]}` (spec 2.16).
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }

  body(): unknown {
    return { detail: { code: this.code, message: this.message, ...this.extra } };
  }
}

export interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
}

export class ValidationError extends Error {
  constructor(readonly issues: ValidationIssue[]) {
    super(issues.map((i) => `${i.loc.join('.')}: ${i.msg}`).join('; '));
  }

  body(): unknown {
    return { detail: this.issues };
  }
}

export const notFound = (what: string) => new HttpError(404, 'not_found', `${what} not found`);
