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

/**
 * The session cookie: the launch token, presented once in the printed URL, is exchanged for it, so
 * new tabs, reloads and pasted links of this host work until it stops. HttpOnly (no script reads it),
 * SameSite=Strict (no other site's page sends it), Path=/; named after the port, because browsers
 * share a host's cookies across its ports.
 */
export const sessionCookieName = (port: number): string => `carbon_desk_session_${port}`;

export function sessionCookie(port: number, session: string): string {
  return `${sessionCookieName(port)}=${session}; HttpOnly; SameSite=Strict; Path=/`;
}

/** The value of one cookie in a Cookie header, or null. */
export function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/** A request is let in by the launch token (Bearer or `?token=`) or by the session cookie. */
export function checkSession(
  request: { bearer: string | null; queryToken: string | null; cookie: string | null },
  secrets: { token: string; session: string },
): Refusal | null {
  if (tokensEqual(request.bearer, secrets.token) || tokensEqual(request.queryToken, secrets.token) || tokensEqual(request.cookie, secrets.session)) return null;
  if (!request.bearer && !request.queryToken && !request.cookie) return { status: 401, code: 'missing_token', message: 'Missing session: open the address "npm run web" printed (with its token) once in this browser' };
  return { status: 401, code: 'bad_token', message: 'Wrong session token' };
}

/** Read from `Authorization: Bearer <token>`. */
export function bearerToken(authorization: string | undefined): string | null {
  const m = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  return m ? m[1]! : null;
}

/** CSP of the served renderer: the one policy of src/main/security (no inline or remote script). */
export const WEB_CSP = contentSecurityPolicy({ delivery: 'header' });
