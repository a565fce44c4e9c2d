/** A page of one portfolio's holdings (optionally those one rule flags), with its totals and rules. */
import type { HoldingRow, PortfolioDetail } from '../../../../shared/contract';
import { carbon, useContractData, type ContractData } from '../../data';

export const HOLDINGS_PER_PAGE = 50;

/** `generation` changes when the portfolio was imported again (same id: read again). */
export function usePortfolioDetail(id: number, rule: string | null, page: number, generation: number): ContractData<PortfolioDetail> {
  return useContractData(
    () => carbon.portfolios.get({ id, rule: rule ?? undefined, current_page: page, per_page: HOLDINGS_PER_PAGE }),
    JSON.stringify([id, rule, page, generation]),
  );
}

/** Every holding of the portfolio (optionally those one rule flags), read page by page. */
export async function allHoldings(id: number, rule: string | null): Promise<HoldingRow[]> {
  const rows: HoldingRow[] = [];
  for (let page = 1; ; page++) {
    const { holdings } = await carbon.portfolios.get({ id, rule: rule ?? undefined, current_page: page, per_page: 1000 });
    rows.push(...holdings.data);
    if (holdings.data.length === 0 || rows.length >= holdings.total) return rows;
  }
}
