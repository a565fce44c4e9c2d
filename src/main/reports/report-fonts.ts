/**
 * The PDF reports' typeface: DejaVu Sans (resources/fonts, Bitstream Vera licence), which covers
 * Latin with every accent, Greek and Cyrillic, so registry names print as written. The desktop
 * build copies `resources/fonts` beside its main bundle (`out/main/fonts`, inside the packaged
 * app's archive); runs from the sources (the web host, the CLI) read `resources/fonts`. Without
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
  return [
    ...(process.env.CARBON_DESK_FONTS ? [process.env.CARBON_DESK_FONTS] : []),
    path.join(__dirname, 'fonts'),
    // the source fallback, for runs without a build: src/main/reports → resources/fonts
    path.resolve(__dirname, '../../../resources/fonts'),
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
