/** API key management (spec 4.2): create (201), list (plain array), revoke (200 with the revoked key), usage. */
import { apiKeyCreateBody } from '../../shared/api/params';
import { parseWith } from '../http/validation';
import { ok, type RouteDef } from './route';

export const apiKeyRoutes: RouteDef[] = [
  {
    method: 'POST',
    path: '/v1/api-keys/',
    handler: (ctx) => {
      const body = parseWith(apiKeyCreateBody, ctx.body, 'body');
      return ok(ctx.keys.create(ctx.caller, body.name), 201);
    },
  },
  { method: 'GET', path: '/v1/api-keys/', handler: (ctx) => ok(ctx.keys.list(ctx.caller)) },
  { method: 'GET', path: '/v1/api-keys/usage', handler: (ctx) => ok(ctx.keys.usage(ctx.caller)) },
  { method: 'DELETE', path: '/v1/api-keys/:id', handler: (ctx) => ok(ctx.keys.revoke(ctx.caller, ctx.params.id ?? '')) },
];
