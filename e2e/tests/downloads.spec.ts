/// <reference lib="dom" />
/**
 * Downloads from the work page: a folder arrives as one ZIP that keeps its folders; the dialog
 * shows it. Where the page may write a picked file (Chromium's save picker) the ZIP streams into
 * it, with progress and cancel; elsewhere the browser's download manager takes the URL.
 */
import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import type { TrackNode } from '@sasayaki/contract';
import { unzipSync } from 'fflate';
import { freshName, register, useToken } from './helpers/accounts.ts';

const WORK = { id: 1400112, code: 'RJ01400112' };

/** Paths of every file under some nodes, from `prefix` down. */
function pathsOf(nodes: TrackNode[], prefix: string): string[] {
  return nodes.flatMap((n) =>
    n.type === 'folder' ? pathsOf(n.children, `${prefix}${n.title}/`) : [`${prefix}${n.title}`],
  );
}

/**
 * Stands in for the save picker, which headless Chromium cannot show: the "picked" file is one of
 * the origin private file system, a real file handle whose writable stream is the picker's.
 */
async function fakePicker(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as Record<string, unknown>;
    w.showSaveFilePicker = async (options: { suggestedName: string }) => {
      w.pickedName = options.suggestedName;
      const dir = await navigator.storage.getDirectory();
      return dir.getFileHandle('picked.bin', { create: true });
    };
  });
}

/** The picked file's bytes, read back from the origin private file system. */
async function pickedBytes(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const dir = await navigator.storage.getDirectory();
    const file = await (await dir.getFileHandle('picked.bin')).getFile();
    const bytes = new Uint8Array(await file.arrayBuffer());
    let s = '';
    for (const b of bytes) s += String.fromCharCode(b);
    return btoa(s);
  });
  return Buffer.from(base64, 'base64');
}

async function openFolderMenu(page: Page, title: string) {
  await page.goto(`/work/${WORK.code}?path=%5B%5D#work-tree`);
  const row = page
    .getByRole('listitem')
    .filter({ has: page.getByTestId('tree-folder') })
    .first();
  await expect(row).toContainText(title);
  await row.getByRole('button', { name: 'More actions' }).click();
}

async function topFolder(page: Page) {
  const tree = (await (await page.request.get(`/api/tracks/${WORK.id}?v=1`)).json()) as TrackNode[];
  const top = tree.find((n) => n.type === 'folder');
  expect(top, `${WORK.code} has folders at its top`).toBeTruthy();
  if (top?.type !== 'folder') throw new Error('no folder');
  return top;
}

test('with the save picker, a folder ZIP streams into the picked file, byte for byte the server’s', async ({
  page,
  request,
}) => {
  await useToken(page, await register(request, freshName('dl')));
  await fakePicker(page);
  const top = await topFolder(page);
  const name = `${WORK.code} ${top.title}.zip`;
  let browserDownloads = 0;
  page.on('download', () => browserDownloads++);

  await openFolderMenu(page, top.title);
  await page.getByRole('menuitem', { name: 'Download folder' }).click();
  const dialog = page.getByTestId('downloads-dialog');
  await expect(dialog.getByTestId('download-item').first()).toHaveAttribute('data-state', 'done');
  expect(await page.evaluate(() => (window as unknown as { pickedName: string }).pickedName)).toBe(name);

  const server = await request.get(
    `/api/media/download-zip/${WORK.id}?path=${encodeURIComponent(top.title)}`,
  );
  expect(server.status()).toBe(200);
  const expected = await server.body();
  const saved = await pickedBytes(page);
  expect(saved.length).toBe(expected.length);
  expect(saved.equals(expected)).toBe(true);
  expect(Object.keys(unzipSync(new Uint8Array(saved))).sort()).toEqual(
    pathsOf(top.children, `${top.title}/`).sort(),
  );
  // Nothing went through the browser's downloads.
  await expect(dialog).toContainText(name);
  expect(browserDownloads).toBe(0);
});

test('a streamed download can be cancelled and keeps nothing of it', async ({ page }) => {
  await fakePicker(page);
  const top = await topFolder(page);
  // The ZIP's answer waits until the test lets it go.
  let release = () => {};
  const held = new Promise<void>((r) => {
    release = r;
  });
  await page.route('**/api/media/download-zip/**', async (route) => {
    await held;
    await route.continue().catch(() => {});
  });
  await openFolderMenu(page, top.title);
  await page.getByRole('menuitem', { name: 'Download folder' }).click();
  const item = page.getByTestId('downloads-dialog').getByTestId('download-item').first();
  await expect(item).toHaveAttribute('data-state', 'running');
  await item.getByRole('button', { name: /^Cancel: / }).click();
  await expect(item).toHaveAttribute('data-state', 'cancelled');
  release();
  expect((await pickedBytes(page)).length).toBe(0);
});

test('a listener who closes the save picker starts no download', async ({ page }) => {
  await page.addInitScript(() => {
    (window as unknown as Record<string, unknown>).showSaveFilePicker = () =>
      Promise.reject(new DOMException('The user aborted a request.', 'AbortError'));
  });
  const top = await topFolder(page);
  await openFolderMenu(page, top.title);
  await page.getByRole('menuitem', { name: 'Download folder' }).click();
  await page.waitForTimeout(500);
  await expect(page.getByTestId('download-item')).toHaveCount(0);
});

test('without the save picker the browser downloads the ZIP itself, with no token in the URL', async ({
  page,
  request,
}) => {
  await useToken(page, await register(request, freshName('dlb')));
  await page.addInitScript(() => {
    Object.defineProperty(window, 'showSaveFilePicker', { value: undefined, configurable: true });
  });
  const top = await topFolder(page);
  await openFolderMenu(page, top.title);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'Download folder' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${WORK.code} ${top.title}.zip`);
  expect(download.url()).not.toMatch(/token=/);
  const saved = fs.readFileSync((await download.path()) as string);
  const expected = await (
    await request.get(`/api/media/download-zip/${WORK.id}?path=${encodeURIComponent(top.title)}`)
  ).body();
  expect(saved.equals(expected)).toBe(true);

  const dialog = page.getByTestId('downloads-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('download-item').first()).toHaveAttribute('data-state', 'browser');
  await expect(dialog).toContainText('Handed to the browser');
  await page.screenshot({ path: test.info().outputPath('downloads-dialog.png') });
});
