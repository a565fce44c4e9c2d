/**
 * Hands bytes or text made in the renderer to the browser's (or the desktop app's) download as a
 * file: a temporary object URL on a link in the page, clicked, then released.
 */
export function downloadFile(content: BlobPart, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  // released later: some browsers start reading the URL after the click returns
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
