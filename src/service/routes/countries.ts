/** GET /countries/{country_code} and /countries/{country_code}/updates below the API root. */
import { COUNTRY_UPDATES_DEFAULT_LIMIT, countryUpdatesQuery } from '../../shared/api/params';
import { notFound } from '../http/errors';
import type { MarketStore } from '../store/market-store';
import { defineRoute, ok, type RouteDef } from './route';

/** The profile row for an alpha-2 code (any letter case), or 404. */
function profileOf(market: MarketStore, code: string | undefined): { country_code: string; profile: string } {
  const upper = (code ?? '').toUpperCase();
  const row = /^[A-Z]{2}$/.test(upper) ? market.get<{ country_code: string; profile: string }>('SELECT * FROM country_profiles WHERE country_code = ?', [upper]) : undefined;
  if (!row) throw notFound(`Country '${code}'`);
  return row;
}

export const countryRoutes: RouteDef[] = [
  defineRoute({
    method: 'GET',
    path: '/countries/:country_code',
    resource: 'countries',
    summary: "A country's policy profile",
    shape: 'country',
    handler: (ctx) => ok(JSON.parse(profileOf(ctx.market, ctx.params.country_code).profile) as unknown),
  }),
  defineRoute({
    method: 'GET',
    path: '/countries/:country_code/updates',
    resource: 'countries',
    summary: "A country's policy updates",
    shape: 'country-updates',
    query: countryUpdatesQuery,
    handler: (ctx, q) => {
      const { country_code } = profileOf(ctx.market, ctx.params.country_code);
      return ok(ctx.market.all('SELECT * FROM country_updates WHERE country_code = ? ORDER BY date DESC, id DESC LIMIT ?', [country_code, q.limit ?? COUNTRY_UPDATES_DEFAULT_LIMIT]));
    },
  }),
];
