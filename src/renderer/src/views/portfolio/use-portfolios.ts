/** The saved portfolios of the current connection, read again after a sync re-screened them; replaced by each removal. */
import type { PortfolioSummary } from '../../../../shared/contract';
import { carbon, useContractData, type ContractData } from '../../data';

export function usePortfolios(): ContractData<PortfolioSummary[]> & { remove(id: number): Promise<void> } {
  const list = useContractData(() => carbon.portfolios.list({}), 'portfolios');
  const remove = async (id: number) => list.set(await carbon.portfolios.remove({ id }));
  return { ...list, remove };
}
