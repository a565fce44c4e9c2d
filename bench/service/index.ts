/**
 * Reference-service benchmark: p50/p95 latency per endpoint at default scale (the size of the real
 * market), and page 1 vs the deepest page of /v1/credits/?per_page=200.
 *   npx tsx bench/service/index.ts [--scale X] [--samples N] [--db FILE]
 * Not part of the tests. The deep-page ratio must stay <= 2 (keyset paging, no OFFSET scan).
 */
import { startService } from '../../src/service/server';

function flag(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

async function main(): Promise<void> {
  const scale = Number(flag('--scale', '1'));
  const samples = Number(flag('--samples', '40'));
  const dbPath = process.argv.includes('--db') ? flag('--db', '') : undefined;
  const t0 = performance.now();
  const service = await startService({ scale, seed: 1, dbPath, rateLimits: { pro: 10_000_000, enterprise: 10_000_000 } });
  console.log(`market: ${service.size.projects} projects, ${service.size.credits} credit transactions; ready in ${Math.round(performance.now() - t0)} ms (generation ${service.generationMs} ms)`);
  const headers = { 'X-API-KEY': service.keys.pro };
  const get = async (path: string) => {
    const start = performance.now();
    const res = await fetch(`${service.baseUrl}${path}`, { headers });
    const body = await res.text();
    const ms = performance.now() - start;
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${body.slice(0, 200)}`);
    return { ms, body };
  };
  try {
    const project = (JSON.parse((await get('/v1/projects/?sort=-issued&per_page=1')).body) as { data: { project_id: string }[] }).data[0]!.project_id;
    const buyer = (JSON.parse((await get('/v1/buyers/?per_page=1')).body) as { data: { buyer_name: string }[] }).data[0]!.buyer_name;
    const boundary = (JSON.parse((await get('/v1/satellite/?limit=1')).body) as { project_id: string }[])[0]!.project_id;
    const forensic = (JSON.parse((await get('/v1/forensics/v2/latest?limit=1')).body) as { entries: { project_id: string }[] }).entries[0]!.project_id;
    const deepest = Math.ceil(service.size.credits / 200);
    const endpoints: [string, string][] = [
      ['projects list', '/v1/projects/'],
      ['projects filtered+sorted', '/v1/projects/?registry=verra&category=forest&sort=-issued'],
      ['project detail', `/v1/projects/${project}`],
      ['project types', '/v1/projects/types'],
      ['credits page 1', '/v1/credits/?per_page=200'],
      ['credits deepest page', `/v1/credits/?per_page=200&current_page=${deepest}`],
      ['credits filtered (type+date)', '/v1/credits/?per_page=200&transaction_type=retirement&transaction_date_from=2024-01-01'],
      ['credits sorted -quantity', '/v1/credits/?per_page=200&sort=-quantity'],
      ['credits beneficiary search', '/v1/credits/?per_page=200&beneficiary_search=northwind'],
      ['credits by project filter', '/v1/credits/?per_page=200&category=forest&country=Brazil'],
      ['chart retirements by vintage', `/v1/charts/credits_retirements_by_vintage/${project}`],
      ['chart credits by date (M)', `/v1/charts/credits_by_transaction_date/${project}?freq=M`],
      ['chart credits by category', '/v1/charts/credits_by_category'],
      ['chart by category + beneficiary', '/v1/charts/credits_by_category?beneficiary_search=north'],
      ['chart projects by listing (M)', '/v1/charts/projects_by_listing_date?freq=M'],
      ['supply-demand monthly', '/v1/supply-demand/?aggregation=monthly'],
      ['supply-demand filtered', '/v1/supply-demand/?aggregation=quarterly&category=forest'],
      ['buyers list', '/v1/buyers/'],
      ['buyers filtered (category+country)', '/v1/buyers/?category=forest&country=Brazil&sort=-volume_12m'],
      ['buyer detail', `/v1/buyers/${encodeURIComponent(buyer)}`],
      ['buyer analytics', `/v1/buyers/${encodeURIComponent(buyer)}/analytics`],
      ['legacy forensics', '/v1/forensics/'],
      ['forensics latest', '/v1/forensics/v2/latest'],
      ['forensics project', `/v1/forensics/v2/${forensic}`],
      ['forensics diff', `/v1/forensics/v2/${forensic}/diff`],
      ['satellite list', '/v1/satellite/?limit=1000'],
      ['satellite boundary', `/v1/satellite/${boundary}/boundary`],
      ['country profile', '/v1/countries/IN'],
      ['country updates', '/v1/countries/IN/updates'],
    ];
    console.log(`\n${'endpoint'.padEnd(36)} ${'first ms'.padStart(9)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}`);
    for (const [name, path] of endpoints) {
      const first = (await get(path)).ms;
      const times: number[] = [];
      for (let i = 0; i < samples; i++) times.push((await get(path)).ms);
      times.sort((a, b) => a - b);
      console.log(`${name.padEnd(36)} ${first.toFixed(1).padStart(9)} ${quantile(times, 0.5).toFixed(2).padStart(8)} ${quantile(times, 0.95).toFixed(2).padStart(8)}`);
    }

    // Page 1 vs the deepest page, interleaved so both see the same conditions.
    const first: number[] = [];
    const deep: number[] = [];
    for (let i = 0; i < samples * 2; i++) {
      first.push((await get('/v1/credits/?per_page=200')).ms);
      deep.push((await get(`/v1/credits/?per_page=200&current_page=${deepest}`)).ms);
    }
    first.sort((a, b) => a - b);
    deep.sort((a, b) => a - b);
    const ratio = quantile(deep, 0.5) / quantile(first, 0.5);
    console.log(`\n/v1/credits/?per_page=200: page 1 p50 ${quantile(first, 0.5).toFixed(2)} ms, page ${deepest} p50 ${quantile(deep, 0.5).toFixed(2)} ms, ratio ${ratio.toFixed(2)} (limit 2.00) ${ratio <= 2 ? 'OK' : 'TOO SLOW'}`);
    if (ratio > 2) process.exitCode = 1;
  } finally {
    await service.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
