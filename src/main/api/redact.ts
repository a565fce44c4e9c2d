/**
 * Removes an API key from any text that might reach a log, an error or the UI: the whole key, its
 * URL-encoded form, and its secret part without the public prefix (`ccmd_live_`), in any letter case
 * (a server that echoes the secret into a host name gets it lower-cased by URL parsing).
 */
const PUBLIC_PREFIX = /^[A-Za-z0-9]+_[A-Za-z0-9]+_/;
const MIN_SECRET = 8;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function redactKey(text: string, key: string | null | undefined): string {
  if (!key || key.length < 4) return text;
  const forms = new Set([key, encodeURIComponent(key)]);
  const secret = key.replace(PUBLIC_PREFIX, '');
  if (secret !== key && secret.length >= MIN_SECRET) {
    forms.add(secret);
    forms.add(encodeURIComponent(secret));
  }
  // Longest first, so the whole key is replaced before its secret part.
  const pattern = [...forms].sort((a, b) => b.length - a.length).map(escape).join('|');
  return text.replace(new RegExp(pattern, 'gi'), '[redacted]');
}
