/** GET /v1/countries/{country_code} and /v1/countries/{country_code}/updates (spec 4.10). */
import { COUNTRY_UPDATES_DEFAULT_LIMIT, countryUpdatesQuery } from '../../shared/api/params';
import { notFound } from '../http/errors';
import { parseWith } from '../http/validation';
import type { MarketStore } from '../store/market-store';
import { ok, type RouteDef } from './route';

/** The profile row for an alpha-2 code (any letter case), or 404. */
function profileOf(market: MarketStore, code: string | undefined): { country_code: string; profile: string } {
  const upper = (code ?? '').toUpperCase();
  const row = /^[A-Z]{2}$/.test(upper) ? market.get<{ country_code: string; profile: string }>('SELECT * FROM country_profiles WHERE country_code = ?', [upper]) : undefined;
  if (!row) throw notFound(`Country '${code}'`);
  return row;
}

export const countryRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: '/v1/countries/:country_code',
    handler: (ctx) => ok(JSON.parse(profileOf(ctx.market, ctx.params.country_code).profile) as unknown),
  },
  {
    method: 'GET',
    path: '/v1/countries/:country_code/updates',
    handler: (ctx) => {
      const q = parseWith(countryUpdatesQuery, ctx.query, 'query');
      const { country_code } = profileOf(ctx.market, ctx.params.country_code);
      return ok(ctx.market.all('SELECT * FROM country_updates WHERE country_code = ? ORDER BY date DESC, id DESC LIMIT ?', [country_code, q.limit ?? COUNTRY_UPDATES_DEFAULT_LIMIT]));
    },
  },
];
