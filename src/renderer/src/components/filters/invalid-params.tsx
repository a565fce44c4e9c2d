/** Says which filters in the link were not understood (and so were not applied). */
import type { InvalidParam } from './url-filters';

export function InvalidParams({ invalid, onDrop }: { invalid: InvalidParam[]; onDrop(keys: string[]): void }) {
  if (invalid.length === 0) return null;
  return (
    <div className="invalid-params" role="alert">
      Not applied:{' '}
      {invalid.map((i) => (
        <span key={i.key}>
          <code>{i.key}={Array.isArray(i.value) ? i.value.join(',') : i.value}</code> ({i.message}){' '}
        </span>
      ))}
      <button type="button" className="btn" onClick={() => onDrop(invalid.map((i) => i.key))}>
        Remove from link
      </button>
    </div>
  );
}
