/**
 * The web host's gatekeeping, as pure functions so each refusal is testable:
 * loopback Host only (DNS rebinding), same-origin Origin only (cross-site requests), and the
 * per-launch token on every method call and event stream.
 */
import { timingSafeEqual } from 'node:crypto';
import { contentSecurityPolicy } from '../../security/content-security-policy';

export interface Refusal {
  status: number;
  code: string;
  message: string;
}

const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost'];

export function allowedOrigins(port: number): string[] {
  return LOOPBACK_HOSTS.map((h) => `http://${h}:${port}`);
}

/** The Host header must name this loopback server exactly (a rebinding attack sends its own name). */
export function checkHost(hostHeader: string | undefined, port: number): Refusal | null {
  if (!hostHeader) return { status: 400, code: 'bad_host', message: 'Missing Host header' };
  if (!LOOPBACK_HOSTS.map((h) => `${h}:${port}`).includes(hostHeader.toLowerCase())) {
    return { status: 421, code: 'bad_host', message: `Host '${hostHeader}' is not this loopback server` };
  }
  return null;
}

/** A browser sends Origin on cross-origin and on POST requests: it must be this server's own. */
export function checkOrigin(originHeader: string | undefined, port: number): Refusal | null {
  if (originHeader === undefined) return null;
  if (!allowedOrigins(port).includes(originHeader.toLowerCase())) {
    return { status: 403, code: 'bad_origin', message: `Origin '${originHeader}' may not call this server` };
  }
  return null;
}

export function tokensEqual(given: string | null | undefined, token: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function checkToken(given: string | null | undefined, token: string): Refusal | null {
  if (!given) return { status: 401, code: 'missing_token', message: 'Missing session token' };
  if (!tokensEqual(given, token)) return { status: 401, code: 'bad_token', message: 'Wrong session token' };
  return null;
}

/** Read from `Authorization: Bearer <token>`. */
export function bearerToken(authorization: string | undefined): string | null {
  const m = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  return m ? m[1]! : null;
}

/** CSP of the served renderer: the one policy of src/main/security (no inline or remote script). */
export const WEB_CSP = contentSecurityPolicy({ delivery: 'header' });
