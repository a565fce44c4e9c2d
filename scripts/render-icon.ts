/**
 * Renders resources/icon.svg to resources/icon.png at 1024×1024 (transparent corners), the picture
 * electron-builder derives the .icns (macOS), .ico (Windows) and Linux icons from.
 * Run after changing the SVG:  npx tsx scripts/render-icon.ts
 * Uses Playwright's Chromium driver with the system Chromium (CHROMIUM_PATH, default /usr/bin/chromium).
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const SIZE = 1024;
const resources = path.resolve(__dirname, '..', 'resources');
const svgFile = path.join(resources, 'icon.svg');
const pngFile = path.join(resources, 'icon.png');

async function main(): Promise<void> {
  const svg = fs.readFileSync(svgFile, 'utf8');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: SIZE, height: SIZE }, deviceScaleFactor: 1 });
    // The SVG inline, stretched to the viewport: its viewBox scales it without loss.
    const sized = svg.replace('<svg ', `<svg width="${SIZE}" height="${SIZE}" `);
    await page.setContent(`<!doctype html><html><body style="margin:0;background:transparent">${sized}</body></html>`);
    await page.screenshot({ path: pngFile, omitBackground: true, clip: { x: 0, y: 0, width: SIZE, height: SIZE } });
  } finally {
    await browser.close();
  }
  process.stdout.write(`${path.relative(process.cwd(), pngFile)}: ${SIZE}×${SIZE} from ${path.relative(process.cwd(), svgFile)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`render-icon: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
