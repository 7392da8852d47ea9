/**
 * Where a download is written without holding it in memory: a file the listener picks through
 * the File System Access API (Chromium), written as the response arrives, or else the browser's
 * own download manager, handed the URL.
 */

/** The part of a picked file handle we use: Chromium's FileSystemWritableFileStream is a WritableStream. */
interface PickedFile {
  createWritable(): Promise<WritableStream<Uint8Array>>;
}

type SaveFilePicker = (options: { suggestedName: string }) => Promise<PickedFile>;

export type SaveTarget =
  /** A file the listener chose; the download streams into it. */
  | { kind: 'file'; open: () => Promise<WritableStream<Uint8Array>> }
  /** No picker here (or it refused to open): the browser downloads the URL itself. */
  | { kind: 'browser' }
  /** The listener closed the picker: no download. */
  | { kind: 'none' };

function picker(): SaveFilePicker | null {
  const p = (globalThis as { showSaveFilePicker?: unknown }).showSaveFilePicker;
  return typeof p === 'function' ? (p as SaveFilePicker).bind(globalThis) : null;
}

/**
 * Asks where to save. Must be called in the click that started the download, before anything is
 * awaited: the picker needs the click's user activation.
 */
export function chooseTarget(name: string): Promise<SaveTarget> {
  const pick = picker();
  if (!pick) return Promise.resolve({ kind: 'browser' });
  return pick({ suggestedName: name }).then(
    (handle): SaveTarget => ({ kind: 'file', open: () => handle.createWritable() }),
    (err: unknown): SaveTarget =>
      // AbortError: the listener cancelled. Anything else (no user activation, a name the
      // picker refuses) still deserves the download, through the browser.
      err instanceof DOMException && err.name === 'AbortError' ? { kind: 'none' } : { kind: 'browser' },
  );
}

/**
 * Hands a URL to the browser's download manager. Same-origin media URLs need no token: the
 * browser sends the HttpOnly media cookie the sign-in set (shared/ui/download.ts).
 */
export function handToBrowser(url: string, name: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}
