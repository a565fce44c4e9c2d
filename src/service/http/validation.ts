/** Query and body validation with the shared zod schemas; zod issues become 422 items. */
import type { z } from 'zod';
import { ValidationError, type ValidationIssue } from './errors';

function issueType(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.expected === 'number' || issue.expected === 'int' ? 'int_parsing' : issue.expected === 'boolean' ? 'bool_parsing' : issue.input === undefined ? 'missing' : `${issue.expected}_type`;
    case 'too_small':
      return issue.origin === 'string' ? 'string_too_short' : issue.origin === 'array' ? 'too_short' : 'greater_than_equal';
    case 'too_big':
      return issue.origin === 'string' ? 'string_too_long' : issue.origin === 'array' ? 'too_long' : 'less_than_equal';
    case 'invalid_value':
      return 'enum';
    case 'invalid_format':
      return 'string_pattern_mismatch';
    case 'unrecognized_keys':
      return 'extra_forbidden';
    default:
      return 'value_error';
  }
}

export function toIssues(error: z.ZodError, where: 'query' | 'body' | 'path'): ValidationIssue[] {
  return error.issues.map((issue) => ({
    loc: [where, ...issue.path.map((p) => (typeof p === 'number' ? p : String(p)))],
    msg: issue.message,
    type: issueType(issue),
  }));
}

export function parseWith<S extends z.ZodTypeAny>(schema: S, input: unknown, where: 'query' | 'body' | 'path'): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new ValidationError(toIssues(result.error, where));
  return result.data;
}
