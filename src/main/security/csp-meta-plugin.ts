/**
 * Vite plugin: writes the production CSP into the built index.html as a `<meta>` tag, so the policy
 * holds even where no header is set (defence in depth next to the session/HTTP headers).
 * Build only: the dev server needs its inline React-refresh preamble and gets the dev header instead.
 */
import type { Plugin } from 'vite';
import { contentSecurityPolicy } from './content-security-policy';

export function cspMetaPlugin(): Plugin {
  return {
    name: 'carbon-desk-csp-meta',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: () => [
        {
          tag: 'meta',
          attrs: { 'http-equiv': 'Content-Security-Policy', content: contentSecurityPolicy({ delivery: 'meta' }) },
          injectTo: 'head-prepend',
        },
      ],
    },
  };
}
