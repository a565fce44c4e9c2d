/**
 * Every URL the generator writes (project pages, clips, forensic sources, policy updates) is an
 * https link on a host under `.example`, a top-level domain reserved for documentation (RFC 2606):
 * it never reaches a real site, and a client can recognise it as a demo link by its host alone.
 */
export const DEMO_LINK_TLD = '.example';

/** Lower-case words joined by hyphens, ASCII only: `Carbon Pulse` → `carbon-pulse`. */
export const slug = (s: string): string =>
  s.normalize('NFKD').replace(/[^\x20-\x7e]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'item';

/** `https://<site>.example/<path…>`, each path segment slugged. */
export function demoLink(site: string, ...path: (string | number)[]): string {
  const segments = path.map((p) => (typeof p === 'number' ? String(p) : slug(p)));
  return `https://${slug(site)}${DEMO_LINK_TLD}/${segments.join('/')}`;
}
