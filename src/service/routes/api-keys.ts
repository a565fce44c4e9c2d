/** API key management below the API root: create (201), list (plain array), revoke (200 with the revoked key), usage. */
import { apiKeyCreateBody } from '../../shared/api/params';
import { defineRoute, ok, type RouteDef } from './route';

export const apiKeyRoutes: RouteDef[] = [
  defineRoute({
    method: 'POST',
    path: '/api-keys/',
    resource: 'api-keys',
    summary: 'Create an API key',
    shape: 'api-key',
    body: apiKeyCreateBody,
    successStatus: 201,
    handler: (ctx) => ok(ctx.keys.create(ctx.caller, (ctx.body as { name: string }).name), 201),
  }),
  defineRoute({ method: 'GET', path: '/api-keys/', resource: 'api-keys', summary: "List the account's API keys", shape: 'api-key-list', handler: (ctx) => ok(ctx.keys.list(ctx.caller)) }),
  defineRoute({ method: 'GET', path: '/api-keys/usage', resource: 'api-keys', summary: "The account's API usage", shape: 'api-key-usage', handler: (ctx) => ok(ctx.keys.usage(ctx.caller)) }),
  defineRoute({
    method: 'DELETE',
    path: '/api-keys/:id',
    resource: 'api-keys',
    summary: 'Revoke an API key',
    shape: 'api-key',
    handler: (ctx) => ok(ctx.keys.revoke(ctx.caller, ctx.params.id ?? '')),
  }),
];
