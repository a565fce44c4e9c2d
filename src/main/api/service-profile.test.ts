import { describe, expect, it } from 'vitest';
import { ApiClient } from './api-client';
import { offers, pathTemplate, profileFromOpenApi, rootCandidates, serverQuery } from './service-profile';

const doc = (prefix: string, beneficiary: string[]) => ({
  paths: {
    [`${prefix}/projects/`]: { get: { parameters: [{ name: 'per_page', in: 'query' }, { name: 'current_page', in: 'query' }, { name: 'sort', in: 'query' }] } },
    [`${prefix}/credits/`]: {
      get: {
        parameters: [
          { name: 'per_page', in: 'query' },
          { name: 'beneficiary_search', in: 'query' },
          { name: 'beneficiary_search_fields', in: 'query', schema: { type: 'array', items: { type: 'string' } }, description: `Valid fields are: ${beneficiary.join(', ')}` },
        ],
      },
    },
    [`${prefix}/countries/{country_code}`]: { get: {} },
  },
});

describe('the service profile', () => {
  it('lists where the API root may be for each form of base URL', () => {
    expect(rootCandidates('https://host')).toEqual(['https://host/v1', 'https://host']);
    expect(rootCandidates('https://host/')).toEqual(['https://host/v1', 'https://host']);
    expect(rootCandidates('https://host/v1')).toEqual(['https://host/v1']);
    expect(rootCandidates('https://host/api/v1/')).toEqual(['https://host/api/v1']);
    expect(rootCandidates('https://host/api')).toEqual(['https://host/api/v1', 'https://host/api']);
  });

  it('reads the root, the offered paths and the beneficiary names from an OpenAPI document', () => {
    const p = profileFromOpenApi(doc('/api/v1', ['retirement_beneficiary_harmonized', 'retirement_account', 'retirement_note', 'retirement_reason']), 'https://host', '')!;
    expect(p.apiRoot).toBe('https://host/api/v1');
    expect(offers(p, '/countries/BR')).toBe(true);
    expect(offers(p, '/satellite/')).toBe(false);
    expect(p.beneficiaryFields).toEqual({
      retirement_beneficiary_account: 'retirement_account',
      retirement_beneficiary_note: 'retirement_note',
      retirement_beneficiary_reason: 'retirement_reason',
    });
    // Our spelling sent in theirs; parameters the path does not list are left out.
    expect(serverQuery(p, '/credits/', { per_page: 5, beneficiary_search: 'x', beneficiary_search_fields: ['retirement_beneficiary_note', 'retirement_beneficiary_harmonized'], sort: ['id'] })).toEqual({
      query: { per_page: 5, beneficiary_search: 'x', beneficiary_search_fields: ['retirement_note', 'retirement_beneficiary_harmonized'] },
      dropped: ['sort'],
    });
    // A server that spells them as we do keeps ours.
    expect(profileFromOpenApi(doc('/v1', ['retirement_beneficiary_account', 'retirement_beneficiary_note']), 'https://host', '')!.beneficiaryFields).toEqual({});
  });

  it('ignores a document that describes another deployment than the base URL', () => {
    expect(profileFromOpenApi(doc('/v1', []), 'https://host', '/other')).toBeNull();
    expect(profileFromOpenApi({ openapi: '3.1.0' }, 'https://host', '')).toBeNull();
  });

  it('names path templates the way OpenAPI documents write them, for every path of the API', () => {
    const templates = [
      '/api-keys/', '/api-keys/{id}', '/api-keys/usage', '/buyers/', '/buyers/{buyer_name}', '/buyers/{buyer_name}/analytics',
      '/charts/credits_by_category', '/charts/credits_by_transaction_date/{project_id}', '/charts/credits_retirements_by_vintage/{project_id}',
      '/charts/projects_by_listing_date', '/countries/{country_code}', '/countries/{country_code}/updates', '/credits/', '/forensics/',
      '/forensics/v2/latest', '/forensics/v2/{project_id}', '/forensics/v2/{project_id}/diff', '/projects/', '/projects/{project_id}',
      '/projects/types', '/satellite/', '/satellite/{project_id}/boundary', '/supply-demand/',
    ];
    const concrete = (t: string) => t.replace('{project_id}', 'VCS-1').replace('{country_code}', 'BR').replace('{buyer_name}', 'Acme%20Inc').replace('{id}', 'key_1');
    for (const t of templates) expect(pathTemplate(concrete(t)), t).toBe(t);
    expect(pathTemplate('/projects/VCS-1')).toBe('/projects/{project_id}');
    expect(pathTemplate('/projects/types')).toBe('/projects/types');
    expect(pathTemplate('/forensics/v2/latest')).toBe('/forensics/v2/latest');
    expect(pathTemplate('/forensics/v2/VCS-1/diff')).toBe('/forensics/v2/{project_id}/diff');
    expect(pathTemplate('/satellite/VCS-1/boundary')).toBe('/satellite/{project_id}/boundary');
    expect(pathTemplate('/countries/BR/updates')).toBe('/countries/{country_code}/updates');
    expect(pathTemplate('/api-keys/key_1')).toBe('/api-keys/{id}');
    expect(pathTemplate('/api-keys/usage')).toBe('/api-keys/usage');
  });

  it('resolves next_page links that lost the root prefix, on the configured origin only', () => {
    const c = new ApiClient({ baseUrl: 'https://host', apiKey: null, profile: { apiRoot: 'https://host/api/v1', source: 'openapi', paths: null, beneficiaryFields: {} } });
    expect(c.resolveNextPage('/projects/?current_page=2')).toBe('https://host/api/v1/projects/?current_page=2');
    expect(c.resolveNextPage('/v1/projects/?current_page=2')).toBe('https://host/api/v1/projects/?current_page=2');
    expect(c.resolveNextPage('/api/v1/projects/?current_page=2')).toBe('https://host/api/v1/projects/?current_page=2');
    expect(c.resolveNextPage('https://host/projects/?current_page=3')).toBe('https://host/api/v1/projects/?current_page=3');
    expect(() => c.resolveNextPage('https://elsewhere/api/v1/projects/?current_page=2')).toThrow(/only https:\/\/host is trusted/);
    expect(c.url('/v1/credits/', { per_page: 2 })).toBe('https://host/api/v1/credits/?per_page=2');
  });
});
