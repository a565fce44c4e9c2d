/**
 * The renderer's Content-Security-Policy, built in one place for the session header (Electron),
 * the `<meta>` tag injected at build time and the web host.
 *
 * Scripts: only the app's own bundle (no inline script, no eval, no remote script). Styles allow
 * inline because ECharts tooltips and Leaflet write `style` attributes; styles cannot run code.
 * Images: own files plus data:/blob: (chart PNG export, Leaflet icons). No frames, objects,
 * forms or base-URI changes. `connect-src 'self'` covers the web host's HTTP bridge and event
 * stream; the Electron window talks over IPC and needs no network at all.
 */
export interface CspOptions {
  /** 'meta' leaves out the directives browsers ignore (and warn about) in a meta tag. */
  delivery: 'header' | 'meta';
  /** Development only: the Vite dev server origin (HMR script, websocket, React refresh preamble). */
  devServerOrigin?: string | null;
}

export function contentSecurityPolicy(options: CspOptions): string {
  const dev = options.devServerOrigin ?? null;
  const wsDev = dev ? dev.replace(/^http/, 'ws') : null;
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'none'"]],
    ['script-src', dev ? ["'self'", dev, "'unsafe-inline'"] : ["'self'"]],
    ['style-src', ["'self'", "'unsafe-inline'", ...(dev ? [dev] : [])]],
    ['img-src', ["'self'", 'data:', 'blob:']],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'", ...(dev && wsDev ? [dev, wsDev] : [])]],
    ['worker-src', ["'self'", 'blob:']],
    ['manifest-src', ["'self'"]],
    ['media-src', ["'none'"]],
    ['object-src', ["'none'"]],
    ['frame-src', ["'none'"]],
    ['child-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'none'"]],
  ];
  if (options.delivery === 'header') directives.push(['frame-ancestors', ["'none'"]]);
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
}

/** Headers every renderer response carries (the app protocol and the web host). */
export function securityHeaders(options: CspOptions): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy({ ...options, delivery: 'header' }),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
  };
}
