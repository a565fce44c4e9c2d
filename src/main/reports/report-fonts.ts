/**
 * The PDF reports' typeface: DejaVu Sans (resources/fonts, Bitstream Vera licence), which covers
 * Latin with every accent, Greek and Cyrillic, so registry names print as written. Packaged apps
 * carry it in `<resources>/fonts`; runs from the repository read it from `resources/fonts`. Without
 * it the PDF falls back to the standard Helvetica, whose WinAnsi encoding lacks letters such as ğ
 * or ł: those print as "?" (said in the report's provenance block).
 */
import fs from 'node:fs';
import path from 'node:path';

export interface ReportFonts {
  regular: string;
  bold: string;
  /** False when the embedded font was not found and Helvetica stands in. */
  embedded: boolean;
}

const FILES = { regular: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf' } as const;

function candidateDirs(): string[] {
  const resources = (process as { resourcesPath?: string }).resourcesPath;
  return [
    ...(process.env.CARBON_DESK_FONTS ? [process.env.CARBON_DESK_FONTS] : []),
    ...(resources ? [path.join(resources, 'fonts')] : []),
    // src/main/reports (tsx) and out/main (bundled) within the repository
    path.join(__dirname, '..', '..', '..', 'resources', 'fonts'),
    path.join(__dirname, '..', '..', 'resources', 'fonts'),
  ];
}

let found: ReportFonts | undefined;

export function reportFonts(): ReportFonts {
  if (found) return found;
  const dir = candidateDirs().find((d) => fs.existsSync(path.join(d, FILES.regular)) && fs.existsSync(path.join(d, FILES.bold)));
  found = dir
    ? { regular: path.join(dir, FILES.regular), bold: path.join(dir, FILES.bold), embedded: true }
    : { regular: 'Helvetica', bold: 'Helvetica-Bold', embedded: false };
  return found;
}
