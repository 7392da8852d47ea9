import { withToken } from '../api/client.ts';

/** Starts a browser download of one URL. */
export function download(url: string, fileName: string): void {
  const a = document.createElement('a');
  a.href = withToken(url);
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
  window.open(withToken(url), '_blank', 'noopener');
}
