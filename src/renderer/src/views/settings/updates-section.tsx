/** Updates: the version running and "Check for updates" (the desktop app with an update feed). */
import { useState } from 'react';
import type { UpdateCheck } from '../../../../shared/contract';
import { ErrorState } from '../../components/states';
import { useAction } from '../../components/use-action';
import { carbon } from '../../data';
import { useAppStore } from '../../stores/app-store';

export function UpdatesSection() {
  const info = useAppStore((s) => s.info);
  const [result, setResult] = useState<UpdateCheck | null>(null);
  const { busy, error, run } = useAction();
  return (
    <section className="card settings-section" aria-labelledby="updates-title">
      <h2 id="updates-title">Updates</h2>
      <p>
        Carbon Desk {info?.version ?? ''}
        {info ? ` (${info.host === 'electron' ? 'desktop app' : info.host === 'web' ? 'web host' : 'command line'})` : ''}
      </p>
      <button type="button" className="btn" disabled={busy} onClick={() => void run(async () => setResult(await carbon.app.checkForUpdates({})))} data-testid="check-updates">
        {busy ? 'Checking…' : 'Check for updates'}
      </button>
      {error ? <ErrorState error={error} /> : null}
      {result ? (
        <p role="status" data-testid="update-status">
          {result.message}
        </p>
      ) : null}
    </section>
  );
}
