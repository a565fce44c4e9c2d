/** A satellite risk level as a coloured badge (a level Carbon Desk does not know reads as the service sent it). */
import { RISK_LABELS, riskColour, toRiskKey } from '../../components/map';
import { useResolvedTheme } from '../../stores/theme';

export function RiskBadge({ level }: { level: string | null }) {
  const theme = useResolvedTheme();
  const key = toRiskKey(level);
  return (
    <span className="risk-badge" style={{ borderColor: riskColour(key, theme) }}>
      <span className="risk-dot" style={{ background: riskColour(key, theme) }} />
      {key === 'UNKNOWN' && level ? level : RISK_LABELS[key]}
    </span>
  );
}
