/** The claim check's report (the check itself, claims.verify, is a query of the query layer). */
import { claimReportFile } from './report-files';
import type { HandlerSlice } from './types';

export const claimHandlers: HandlerSlice<'claims.report'> = {
  'claims.report': async ({ format, ...claim }, ctx) => claimReportFile(ctx, claim, format),
};
