import { describe, expect, it } from 'vitest';
import { createAppContext } from '../../app-context';
import { exportSaveDialog } from '../../export/save-dialog';
import { installExportSaveDialog, saveDialogOptions } from './export-save-dialog';

describe('export save dialog hook', () => {
  it('offers the suggested name in Downloads with a matching filter', () => {
    const o = saveDialogOptions('projects-2026-11-20.csv', 'csv', '/home/u/Downloads');
    expect(o.defaultPath).toBe('/home/u/Downloads/projects-2026-11-20.csv');
    expect(o.filters[0]!.extensions).toContain('csv');
    expect(saveDialogOptions('boundaries-2026-11-20.geojson', 'geojson', '/d').filters[0]!.extensions).toContain('geojson');
  });

  it('answers the chosen path, or null when the user closes the dialog', async () => {
    const ctx = createAppContext({ host: 'electron', dataDir: `/tmp/carbon-dialog-test-${process.pid}` });
    let answer: { canceled: boolean; filePath?: string } = { canceled: false, filePath: '/x/p.csv' };
    const seen: unknown[] = [];
    const dialog = { showSaveDialog: async (...args: unknown[]) => (seen.push(args), answer) };
    installExportSaveDialog(ctx, dialog, { getPath: () => '/dl' }, () => 'window');
    const choose = exportSaveDialog(ctx)!;
    expect(await choose('projects-2026-11-20.csv', 'csv')).toBe('/x/p.csv');
    expect(seen[0]).toEqual(['window', expect.objectContaining({ defaultPath: '/dl/projects-2026-11-20.csv' })]);
    answer = { canceled: true };
    expect(await choose('projects-2026-11-20.csv', 'csv')).toBeNull();
    await ctx.dispose();
  });
});
