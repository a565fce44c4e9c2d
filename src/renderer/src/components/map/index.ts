export { CarbonMap, type CarbonMapProps, type ChoroplethSpec, type OnlineTiles } from './carbon-map';
export { checkBoundaries, projectIdOf, type BoundaryFeature, type CheckedBoundaries } from './boundary-features';
export { RISK_KEYS, RISK_LABELS, riskColour, toRiskKey, type RiskKey } from './risk-levels';
