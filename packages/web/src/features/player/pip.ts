/** The Document Picture-in-Picture API (Chromium 116+), where the browser has it. */
interface DocumentPictureInPicture {
  requestWindow(options?: { width?: number; height?: number }): Promise<Window>;
}

export function documentPip(): DocumentPictureInPicture | null {
  const w = window as Window & { documentPictureInPicture?: DocumentPictureInPicture };
  return w.documentPictureInPicture ?? null;
}

/** Opens a small always-on-top window styled for one line of lyrics. Must follow a user gesture. */
export async function openPipWindow(): Promise<Window | null> {
  const api = documentPip();
  if (!api) return null;
  const win = await api.requestWindow({ width: 480, height: 120 });
  const style = win.document.createElement('style');
  style.textContent = `
    html, body { margin: 0; height: 100%; background: #111; color: #fff; }
    body { display: grid; place-items: center; font: 600 22px/1.4 system-ui, "Noto Sans CJK JP", sans-serif; text-align: center; padding: 8px 16px; box-sizing: border-box; white-space: pre-line; }
  `;
  win.document.head.append(style);
  win.document.title = document.title;
  return win;
}
