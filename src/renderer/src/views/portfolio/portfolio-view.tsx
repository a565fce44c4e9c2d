/**
 * The Portfolio view: the saved portfolios, the import of a holdings file (picked, or dropped onto
 * the view; a mapping dialog when its headers do not name the columns), and the chosen portfolio
 * screened against the cache. The chosen portfolio and rule are in the link (?id=…&rule=…).
 */
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { PortfolioSummary } from '../../../../shared/contract';
import { Page } from '../../components/page';
import { Empty, ErrorState, Loading } from '../../components/states';
import { DropZone } from './drop-zone';
import { ImportArea } from './import-area';
import { MappingDialog } from './mapping-dialog';
import { PortfolioDetailPanel } from './portfolio-detail';
import { PortfolioList } from './portfolio-list';
import { RemoveDialog } from './remove-dialog';
import { usePortfolioImport } from './use-portfolio-import';
import { usePortfolios } from './use-portfolios';
import './portfolio.css';

export function PortfolioView() {
  const [params, setParams] = useSearchParams();
  const portfolios = usePortfolios();
  const [removing, setRemoving] = useState<PortfolioSummary | null>(null);
  const [generation, setGeneration] = useState(0);
  const chosen = Number(params.get('id')) || null;
  const rule = params.get('rule');
  const selectedId = chosen ?? portfolios.data?.[0]?.id ?? null;
  const exists = selectedId !== null && Boolean(portfolios.data?.some((p) => p.id === selectedId));

  const select = useCallback((id: number | null, nextRule: string | null = null) => {
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (id === null) next.delete('id');
      else next.set('id', String(id));
      if (nextRule) next.set('rule', nextRule);
      else next.delete('rule');
      return next;
    });
  }, [setParams]);

  const { reload } = portfolios;
  const onImported = useCallback((p: PortfolioSummary) => {
    reload();
    setGeneration((g) => g + 1);
    select(p.id);
  }, [reload, select]);
  const importer = usePortfolioImport(onImported);

  return (
    <DropZone onFile={(file) => void importer.importFile(file)}>
      <Page title="Portfolio" subtitle="Import a holdings file and screen it against the cached market: each holding is checked by the rules below, offline, at import and after every sync.">
        <ImportArea importer={importer} />
        {portfolios.error ? <ErrorState error={portfolios.error} onRetry={portfolios.reload} /> : null}
        {!portfolios.data && !portfolios.error ? <Loading label="Reading the saved portfolios…" /> : null}
        {portfolios.data && portfolios.data.length === 0 ? (
          <Empty title="No portfolio yet">Import a holdings file above to see which holdings the market data flags.</Empty>
        ) : null}
        {portfolios.data && portfolios.data.length ? (
          <PortfolioList items={portfolios.data} selectedId={exists ? selectedId : null} onSelect={(id) => select(id)} onRemove={setRemoving} />
        ) : null}
        {exists && selectedId !== null ? (
          <PortfolioDetailPanel key={selectedId} id={selectedId} rule={rule} onRule={(r) => select(selectedId, r)} generation={generation} />
        ) : null}
      </Page>
      <MappingDialog pending={importer.pending} busy={importer.busy} onSubmit={(m) => void importer.submitMapping(m)} onCancel={importer.cancelMapping} />
      <RemoveDialog
        portfolio={removing}
        onCancel={() => setRemoving(null)}
        onConfirm={(p) => {
          setRemoving(null);
          if (p.id === selectedId) select(null);
          void portfolios.remove(p.id).catch(() => portfolios.reload());
        }}
      />
    </DropZone>
  );
}
