import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseTarget, handToBrowser } from './saveTarget.ts';

const g = globalThis as { showSaveFilePicker?: unknown };

describe('where a download is saved', () => {
  afterEach(() => {
    delete g.showSaveFilePicker;
  });

  it('hands the URL to the browser where there is no save picker', async () => {
    expect(await chooseTarget('a.mp3')).toEqual({ kind: 'browser' });
  });

  it('streams into the picked file, offering the name, and opens it only when asked', async () => {
    const stream = new WritableStream<Uint8Array>();
    const createWritable = vi.fn(async () => stream);
    const picker = vi.fn(async () => ({ createWritable }));
    g.showSaveFilePicker = picker;
    const target = await chooseTarget('RJ01234567.zip');
    expect(picker).toHaveBeenCalledWith({ suggestedName: 'RJ01234567.zip' });
    expect(target.kind).toBe('file');
    expect(createWritable).not.toHaveBeenCalled();
    if (target.kind !== 'file') throw new Error('not a file target');
    expect(await target.open()).toBe(stream);
  });

  it('downloads nothing when the listener cancels the picker', async () => {
    g.showSaveFilePicker = async () => {
      throw new DOMException('closed', 'AbortError');
    };
    expect(await chooseTarget('a.mp3')).toEqual({ kind: 'none' });
  });

  it('falls back to the browser when the picker refuses for another reason', async () => {
    g.showSaveFilePicker = async () => {
      throw new DOMException('no activation', 'SecurityError');
    };
    expect(await chooseTarget('a.mp3')).toEqual({ kind: 'browser' });
  });

  it('clicks a temporary download link with the name, and removes it', () => {
    const clicked: { href: string; download: string; rel: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ href: this.href, download: this.download, rel: this.rel });
    });
    handToBrowser('http://127.0.0.1/api/media/download/1', 'one.mp3');
    click.mockRestore();
    expect(clicked).toEqual([
      { href: 'http://127.0.0.1/api/media/download/1', download: 'one.mp3', rel: 'noopener' },
    ]);
    expect(document.querySelectorAll('a[download]')).toHaveLength(0);
  });
});
