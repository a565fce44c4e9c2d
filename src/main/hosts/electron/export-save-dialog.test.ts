import { describe, expect, it } from 'vitest';
import { saveDialogExportTarget, saveDialogOptions } from './export-save-dialog';

describe('export save dialog hook', () => {
  it('offers the suggested name in Downloads with a matching filter', () => {
    const o = saveDialogOptions('projects-2026-11-20.csv', 'csv', '/home/u/Downloads');
    expect(o.defaultPath).toBe('/home/u/Downloads/projects-2026-11-20.csv');
    expect(o.filters[0]!.extensions).toContain('csv');
    expect(saveDialogOptions('boundaries-2026-11-20.geojson', 'geojson', '/d').filters[0]!.extensions).toContain('geojson');
  });

  it('answers the chosen path, or null when the user closes the dialog', async () => {
    let answer: { canceled: boolean; filePath?: string } = { canceled: false, filePath: '/x/p.csv' };
    const seen: unknown[] = [];
    const dialog = { showSaveDialog: async (...args: unknown[]) => (seen.push(args), answer) };
    const target = saveDialogExportTarget(dialog, { getPath: () => '/dl' }, () => 'window');
    const plan = { exportId: 'e1', fileName: 'projects-2026-11-20.csv', format: 'csv' as const };
    expect(await target.destinationOf(plan)).toEqual({ target: '/x/p.csv', revealPath: true });
    expect(seen[0]).toEqual(['window', expect.objectContaining({ defaultPath: '/dl/projects-2026-11-20.csv' })]);
    answer = { canceled: true };
    expect(await target.destinationOf(plan)).toBeNull();
  });
});
