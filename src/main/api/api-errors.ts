/**
 * The service's errors as typed ContractErrors the UI can explain: the 401 codes, 403
 * upgrade_required, 404 not_found, 422 validation_error (with its detail list), 429 rate_limited
 * (with Retry-After), 5xx server_error, and the client's own: offline, timeout, invalid_response,
 * foreign_next_page.
 */
import { errorBodySchema, validationErrorSchema } from '../../shared/api';
import { ContractError } from '../../shared/errors';

export const AUTH_ERROR_CODES = ['missing_api_key', 'invalid_api_key', 'revoked_api_key', 'expired_api_key'] as const;

/** Errors a retry may cure. */
export const TRANSIENT_CODES = new Set(['server_error', 'offline', 'timeout', 'truncated_response', 'rate_limited']);
/** Errors that stop a whole sync (no other request with this key can succeed). */
export const FATAL_CODES = new Set<string>([...AUTH_ERROR_CODES, 'upgrade_required']);

/**
 * The longest Retry-After a request waits for. A server asking for more (or for a date far out) stops
 * the job with "rate limited until …"; the next sync resumes it. Also keeps every wait far below
 * Node's timer limit (2^31-1 ms), beyond which a timer fires at once.
 */
export const MAX_RETRY_AFTER_SECONDS = 300;

/** Retry-After: delay-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const v = value.trim();
  if (/^\d+(\.\d+)?$/.test(v)) return Number(v);
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.max(0, (at - now) / 1000);
}

/** Maps a non-2xx answer to a ContractError. `what` names the request for the message (no key in it). */
export function errorFromResponse(status: number, bodyText: string, retryAfter: string | null, what: string): ContractError {
  let body: unknown = null;
  try {
    body = bodyText ? JSON.parse(bodyText) : null;
  } catch {
    body = null;
  }
  const validation = validationErrorSchema.safeParse(body);
  if (validation.success && (status === 422 || status === 400)) {
    const line = validation.data.detail.map((d) => `${d.loc.join('.')}: ${d.msg}`).join('; ');
    return new ContractError('validation_error', `The service rejected ${what}: ${line}`, validation.data.detail);
  }
  const parsed = errorBodySchema.safeParse(body);
  let code: string | null = null;
  let message: string | null = null;
  if (parsed.success) {
    const d = parsed.data.detail;
    if (typeof d === 'string') message = d;
    else {
      code = d.code;
      message = d.message;
    }
  }
  if (status === 401) {
    const known = (AUTH_ERROR_CODES as readonly string[]).includes(code ?? '') ? code! : guessAuthCode(message);
    return new ContractError(known, message ?? `The service refused the API key (${known})`);
  }
  if (status === 403) {
    // Only the body's own upgrade_required means a plan problem; any other 403 is the key being refused.
    if (code === 'upgrade_required') return new ContractError('upgrade_required', message ?? 'API access needs a Pro or Enterprise plan');
    const known = (AUTH_ERROR_CODES as readonly string[]).includes(code ?? '') ? code! : guessAuthCode(message);
    return new ContractError(known, message ? `The service refused the API key: ${message}` : 'The service refused the API key (HTTP 403)');
  }
  if (status === 404) return new ContractError('not_found', message ?? `${what} was not found`);
  if (status === 429) {
    const seconds = parseRetryAfter(retryAfter) ?? 1;
    return new ContractError('rate_limited', message ?? `Rate limited on ${what}; retry after ${seconds}s`, undefined, seconds);
  }
  if (status === 422) return new ContractError('validation_error', message ?? `The service rejected ${what}`, body ?? undefined);
  if (status >= 500) return new ContractError('server_error', `The service failed on ${what} (HTTP ${status})${message ? `: ${message}` : ''}`);
  return new ContractError(code ?? 'http_error', message ?? `Unexpected HTTP ${status} on ${what}`);
}

function guessAuthCode(message: string | null): string {
  const m = (message ?? '').toLowerCase();
  if (m.includes('revoked')) return 'revoked_api_key';
  if (m.includes('expired')) return 'expired_api_key';
  if (m.includes('missing')) return 'missing_api_key';
  return 'invalid_api_key';
}
