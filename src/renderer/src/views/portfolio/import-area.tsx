/** Import a holdings file: a name, a file picker (or a file dropped onto the view), and why a file was refused. */
import { ACCEPTED_EXTENSIONS } from './read-file';
import type { PortfolioImportState } from './use-portfolio-import';

export function ImportArea({ importer }: { importer: PortfolioImportState }) {
  return (
    <div className="card portfolio-import" data-testid="portfolio-import">
      <h2>Import holdings</h2>
      <p className="muted">
        A CSV, TSV or XLSX file with a project ID and a quantity column (vintage, registry, status and note when given). Choose it, or drop it anywhere on this view.
      </p>
      <div className="portfolio-import-row">
        <label className="portfolio-name">
          <span>Portfolio name</span>
          <input type="text" value={importer.name} maxLength={200} placeholder="The file’s name" onChange={(e) => importer.setName(e.target.value)} />
        </label>
        <input
          type="file"
          accept={ACCEPTED_EXTENSIONS.join(',')}
          aria-label="Holdings file"
          data-testid="portfolio-file"
          disabled={importer.busy}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void importer.importFile(file);
          }}
        />
        {importer.busy ? (
          <span className="muted" role="status">
            Reading and screening…
          </span>
        ) : null}
      </div>
      {importer.error ? (
        <p className="portfolio-import-error" role="alert" data-testid="portfolio-import-error">
          {importer.error}
        </p>
      ) : null}
    </div>
  );
}
