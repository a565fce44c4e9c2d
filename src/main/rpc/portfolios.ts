/** Portfolios of the current connection: a holdings file is read here, then saved and screened by the cache's writer. */
import { ContractError } from '../../shared/errors';
import { SCREENING_RULES } from '../portfolios/rule-registry';
import { readHoldingsFile } from '../portfolios/portfolio-import';
import { portfolioReportFile } from './report-files';
import type { HandlerSlice } from './types';

export const ruleInfos = () => SCREENING_RULES.map(({ id, severity, source, definition }) => ({ id, severity, source, definition }));

export const portfolioHandlers: HandlerSlice<'portfolios.import' | 'portfolios.list' | 'portfolios.get' | 'portfolios.report' | 'portfolios.remove'> = {
  'portfolios.import': async (input, ctx) => {
    const bytes = Buffer.from(input.content_base64, 'base64');
    const parsed = await readHoldingsFile({ name: input.name, file_name: input.file_name ?? null, bytes, sheet: input.sheet, mapping: input.mapping });
    return ctx.currentCache().call('write:portfolioImport', { name: input.name, file_name: input.file_name ?? null, parsed, now: new Date().toISOString() });
  },
  'portfolios.list': async (_i, ctx) => ctx.currentCache().call('read:portfolios'),
  'portfolios.get': async (input, ctx) => {
    const per_page = input.per_page ?? 100;
    const current_page = input.current_page ?? 1;
    const got = await ctx.currentCache().call('read:portfolio', { id: input.id, rule: input.rule ?? null, offset: (current_page - 1) * per_page, limit: per_page });
    if (!got) throw new ContractError('not_found', `No portfolio ${input.id} in this connection's cache.`);
    return { portfolio: got.portfolio, rules: ruleInfos(), holdings: { data: got.holdings.rows, total: got.holdings.total, current_page, per_page } };
  },
  'portfolios.report': async (input, ctx) => portfolioReportFile(ctx, input.id, input.format),
  'portfolios.remove': async (input, ctx) => ctx.currentCache().call('write:portfolioRemove', { id: input.id }),
};
