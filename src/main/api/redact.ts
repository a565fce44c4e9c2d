/** Removes an API key from any text that might reach a log, an error or the UI. */
export function redactKey(text: string, key: string | null | undefined): string {
  if (!key || key.length < 4) return text;
  let out = text.split(key).join('[redacted]');
  // Also a URL-encoded copy (a key pasted into a query string by a misbehaving server).
  const encoded = encodeURIComponent(key);
  if (encoded !== key) out = out.split(encoded).join('[redacted]');
  return out;
}
