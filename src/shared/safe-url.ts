/**
 * Links that come from the service (project clips, forensic sources, registry pages) are untrusted.
 * `safeHref` answers the URL to put in an `href` or hand to the OS browser, or null when the value
 * must be shown as plain text: only absolute `http:` / `https:` URLs without embedded credentials
 * pass; `javascript:`, `data:`, `file:`, `vbscript:`, relative and protocol-relative values do not.
 */
const MAX_URL_LENGTH = 4096;
// C0 controls, DEL and the Unicode line separators: browsers strip some of them inside a scheme
// ("java\tscript:"), so a value holding any of them is refused outright.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f\u2028\u2029]/;

export function safeHref(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const candidate = value.trim();
  if (candidate.length === 0 || candidate.length > MAX_URL_LENGTH) return null;
  if (CONTROL_CHARACTERS.test(candidate)) return null;
  // Only absolute http(s) URLs: the scheme must be spelled out at the start of the value.
  if (!/^https?:\/\//i.test(candidate)) return null;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username !== '' || url.password !== '') return null;
  if (url.hostname === '') return null;
  return url.href;
}

/** True when the value may be rendered as a clickable link. */
export const isSafeHref = (value: unknown): value is string => safeHref(value) !== null;
