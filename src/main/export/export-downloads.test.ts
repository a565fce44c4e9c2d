import { describe, expect, it } from 'vitest';
import { contentDisposition } from './export-downloads';
import { exportFileName } from './export-file-name';

describe('download names', () => {
  it('names files after the table and the local date', () => {
    const day = new Date(2026, 10, 20, 23, 59);
    expect(exportFileName({ table: 'projects' }, day)).toBe('projects-2026-11-20.csv');
    expect(exportFileName({ table: 'boundaries', query: { project_id: 'VCS-1234' } }, day)).toBe('boundary-VCS-1234-2026-11-20.geojson');
    expect(exportFileName({ table: 'boundaries', query: { project_id: '../../etc/passwd' } }, day)).toBe('boundary-etc-passwd-2026-11-20.geojson');
    expect(exportFileName({ table: 'country-updates', query: { country_code: 'br' } }, day)).toBe('country-updates-BR-2026-11-20.csv');
  });

  it('sends an attachment header with an ASCII fallback and the UTF-8 name', () => {
    expect(contentDisposition('projects-2026-11-20.csv')).toBe(`attachment; filename="projects-2026-11-20.csv"; filename*=UTF-8''projects-2026-11-20.csv`);
    expect(contentDisposition('bo"und\\ary-é.csv')).toBe(`attachment; filename="bo_und_ary-_.csv"; filename*=UTF-8''bo%22und%5Cary-%C3%A9.csv`);
  });
});
