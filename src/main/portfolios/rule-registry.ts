/** Every screening rule, in the order flags are listed. Adding a rule is adding its module here. */
import { exceedsUnretired } from './rules/exceeds-unretired';
import { forensicNewFindings } from './rules/forensic-new-findings';
import { integritySignal } from './rules/integrity-signal';
import { noCcpLabel } from './rules/no-ccp-label';
import { satelliteHighRisk } from './rules/satellite-high-risk';
import { unknownProject } from './rules/unknown-project';
import { vintageOverRetired } from './rules/vintage-over-retired';
import type { ScreeningRule } from './screening-rule';

export const SCREENING_RULES: readonly ScreeningRule[] = [
  unknownProject, exceedsUnretired, vintageOverRetired, satelliteHighRisk, noCcpLabel, forensicNewFindings, integritySignal,
];
