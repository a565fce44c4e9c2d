/** A boolean filter with three states: any (not filtered), yes, no. */
export interface TriStateProps {
  label: string;
  value: boolean | undefined;
  onChange(value: boolean | undefined): void;
  testId?: string;
}

const STATES: Array<{ label: string; value: boolean | undefined }> = [
  { label: 'Any', value: undefined },
  { label: 'Yes', value: true },
  { label: 'No', value: false },
];

export function TriState({ label, value, onChange, testId }: TriStateProps) {
  return (
    <div className="filter-field tri-state" role="group" aria-label={label} data-testid={testId}>
      <span className="filter-label">{label}</span>
      <div className="seg">
        {STATES.map((s) => (
          <button key={s.label} type="button" aria-pressed={value === s.value} onClick={() => onChange(s.value)}>
            {s.label}
          </button>
        ))}
      </div>
    </div>
  );
}
