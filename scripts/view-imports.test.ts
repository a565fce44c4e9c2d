/**
 * The renderer's folder rule, as `npm run lint` enforces it: a view folder imports only the shared
 * folders (components/, data/, stores/), src/shared and its own files.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: path.resolve(__dirname, '..') });
const VIEW = 'src/renderer/src/views/buyers/some-view.tsx';

async function importErrors(source: string, filePath = VIEW): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport const used = x;\n`, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('what a view may import', () => {
  it.each([
    ["import { x } from '../projects/project-columns';", /no other view's files/],
    ["import { x } from '../../bridge';", /only components\/, data\//],
    ["import { x } from '../../app/layout';", /only components\/, data\//],
    ["import { x } from '../../views/projects/projects-view';", /only components\/, data\//],
    ["import { x } from 'electron';", /sandboxed/],
    ["import { x } from '../../../../main/app-context';", /may import only src\/shared/],
  ])('refuses %s', async (source, message) => {
    const errors = await importErrors(source);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(message);
  });

  it.each([
    "import { x } from './buyer-columns';",
    "import { x } from '../../components/format';",
    "import { x } from '../../data';",
    "import { x } from '../../stores/app-store';",
    "import { x } from '../../../../shared/api';",
  ])('allows %s', async (source) => {
    expect(await importErrors(source)).toEqual([]);
  });

  it('leaves the shared folders free to import the bridge', async () => {
    expect(await importErrors("import { x } from '../bridge';", 'src/renderer/src/data/some-hook.ts')).toEqual([]);
  });
});
