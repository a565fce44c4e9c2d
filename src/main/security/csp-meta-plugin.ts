/**
 * Vite plugin: puts THE policy of content-security-policy.ts into index.html as its one
 * `<meta http-equiv="Content-Security-Policy">` tag (a tag already in the source is replaced, so
 * the policy has one source). Production builds get the strict policy; the dev server gets the
 * dev variant (its React-refresh preamble is an inline script). Used by the Electron build and
 * usable by the web build.
 */
import type { IndexHtmlTransformContext, Plugin } from 'vite';
import { originOf } from './app-origin';
import { contentSecurityPolicy } from './content-security-policy';

const EXISTING_CSP_META = /<meta\s+http-equiv=["']Content-Security-Policy["'][^>]*>\s*/gi;

export function cspMetaPlugin(): Plugin {
  return {
    name: 'carbon-desk-csp-meta',
    transformIndexHtml: {
      order: 'post',
      handler: (html: string, ctx?: IndexHtmlTransformContext) => {
        const devUrl = ctx?.server?.resolvedUrls?.local[0] ?? null;
        const devServerOrigin = ctx?.server ? (devUrl ? originOf(devUrl) : "'self'") : null;
        return {
          html: html.replace(EXISTING_CSP_META, ''),
          tags: [
            {
              tag: 'meta',
              attrs: { 'http-equiv': 'Content-Security-Policy', content: contentSecurityPolicy({ delivery: 'meta', devServerOrigin }) },
              injectTo: 'head-prepend',
            },
          ],
        };
      },
    },
  };
}
