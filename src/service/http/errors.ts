/**
 * Errors a route can throw. Non-validation errors answer `{detail: {code, message}}` (or, for a
 * `plain` error, FastAPI's bare `{detail: "message"}`); validation errors answer 422
 * `{detail: [{loc, msg, type}]}`.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly extra: Record<string, unknown> = {},
    readonly plain = false,
  ) {
    super(message);
  }

  body(): unknown {
    if (this.plain) return { detail: this.message };
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
