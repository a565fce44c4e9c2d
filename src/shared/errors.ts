/**
 * Errors that cross the contract carry a stable code the UI explains in words a user acts on.
 * Codes include the service's own (missing_api_key, invalid_api_key, revoked_api_key,
 * expired_api_key, upgrade_required, rate_limited, not_found, validation_error) and the app's.
 */
import type { ContractErrorBody } from './contract/app-types';

export class ContractError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details?: unknown,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ContractError';
  }

  toBody(): ContractErrorBody {
    const body: ContractErrorBody = { code: this.code, message: this.message };
    if (this.details !== undefined) body.details = this.details;
    if (this.retryAfterSeconds !== undefined) body.retryAfterSeconds = this.retryAfterSeconds;
    return body;
  }

  static fromBody(body: ContractErrorBody): ContractError {
    return new ContractError(body.code, body.message, body.details, body.retryAfterSeconds);
  }
}

export const notFound = (what: string) => new ContractError('not_found', `${what} was not found`);

/** Turns a zod error into the one-line message and detail list every host reports. */
export function invalidInput(issues: ReadonlyArray<{ path: PropertyKey[]; message: string; code?: string }>): ContractError {
  const detail = issues.map((i) => ({ loc: i.path.map(String), msg: i.message, type: i.code ?? 'invalid' }));
  const line = detail.map((d) => (d.loc.length ? `${d.loc.join('.')}: ${d.msg}` : d.msg)).join('; ');
  return new ContractError('invalid_input', `Invalid input: ${line}`, detail);
}

/** What the user should read for each code (the UI adds context). */
export const ERROR_EXPLANATIONS: Record<string, string> = {
  missing_api_key: 'No API key is set for this connection. Add your key in Settings → Connections.',
  invalid_api_key: 'The service does not recognise this API key. Check it in Settings → Connections, or create a new one.',
  revoked_api_key: 'This API key was revoked. Create a new key (Settings → API keys) and update the connection.',
  expired_api_key: 'This API key has expired. Create a new key and update the connection.',
  upgrade_required: 'API access needs a Pro or Enterprise plan. Upgrade the account, then sync again.',
  rate_limited: 'The service is rate limiting this key. Syncing resumes automatically.',
  not_found: 'Not in the local cache. Sync, or open it while online.',
  not_downloaded: 'Not downloaded yet. The next sync fetches it, or fetch it now while online.',
  none_at_service: 'The service has none: it answered "not found" when the sync asked.',
  invalid_input: 'The request was not valid.',
  offline: 'The service cannot be reached. Cached data is still available.',
  rate_limited_until: 'The service asked this key to wait a long time. The sync stopped; the next one resumes where it stopped.',
  response_too_large: 'The service sent an answer too large to read safely. Nothing of it was stored.',
  not_offered: 'This service does not offer this data. Views computed from other data (buyers, charts) still work.',
};
