/** The project page's Signals section: the integrity signals of this project, with their figures and evidence. */
import { Link } from 'react-router-dom';
import { SignalTable } from '../../components/signals';
import { Empty, ErrorState, Loading } from '../../components/states';
import { carbon, useContractData } from '../../data';

export function ProjectSignals({ projectId }: { projectId: string }) {
  const result = useContractData(() => carbon.signals.list({ project_id: [projectId], per_page: 200 }), projectId);
  const data = result.data;
  return (
    <div className="card" data-testid="project-signals">
      <div className="card-head">
        <h2>Signals</h2>
        <span className="muted">
          Where this project&apos;s own numbers do not add up · <Link to="/signals">all signals</Link>
        </span>
      </div>
      {result.loading && !data ? <Loading label="Reading the signals…" /> : null}
      {result.error ? <ErrorState error={result.error} onRetry={result.reload} /> : null}
      {data && data.data.length === 0 ? <Empty title="No integrity signals">The cached transactions and listed totals of this project agree.</Empty> : null}
      {data && data.data.length ? <SignalTable rows={data.data} showProject={false} /> : null}
    </div>
  );
}
