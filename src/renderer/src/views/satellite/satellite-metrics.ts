/** Satellite metrics helpers: the loss-by-year series of a project's metrics. */

/** loss_by_year ({"2019": 12.5, ...}) as chronological points; non-year keys and non-numbers dropped. */
export function lossSeries(lossByYear: Record<string, number>): Array<{ year: number; hectares: number }> {
  return Object.entries(lossByYear)
    .filter(([year, ha]) => /^\d{4}$/.test(year) && typeof ha === 'number' && Number.isFinite(ha))
    .map(([year, ha]) => ({ year: Number(year), hectares: ha }))
    .sort((a, b) => a.year - b.year);
}
