/** Browser-only: saving text as a file the user downloads. */

/** How long the object URL outlives the click (some browsers read it after the click returns). */
export const DOWNLOAD_REVOKE_MS = 10_000;

/** Saves `text` as a file: a Blob behind a temporary object URL, opened by a hidden <a download>. */
export function downloadText(filename: string, text: string, mime: string): void {
  downloadBlob(filename, new Blob([text], { type: mime }));
}

/** Saves a Blob (a fetched file) as `filename`, the same way. */
export function downloadBlob(filename: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  try {
    link.click();
  } finally {
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), DOWNLOAD_REVOKE_MS);
  }
}
