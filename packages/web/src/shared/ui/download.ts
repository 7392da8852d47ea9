// Media links carry no token: the browser sends the media cookie the sign-in set (its path is
// /api/media), so a 30-day token never appears in a URL, a history entry or a log.

/** Starts a browser download of one URL. */
export function download(url: string, fileName: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/** Downloads several files one after another (browsers drop simultaneous downloads). */
export async function downloadAll(files: { mediaDownloadUrl: string; title: string }[]): Promise<void> {
  for (const f of files) {
    download(f.mediaDownloadUrl, f.title);
    await new Promise((r) => setTimeout(r, 400));
  }
}

export function openInNewTab(url: string): void {
  window.open(url, '_blank', 'noopener');
}
