/** Downloads from the work page: a folder arrives as one ZIP that keeps its folders; the dialog shows it. */
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import type { TrackNode } from '@sasayaki/contract';
import { unzipSync } from 'fflate';

/** Paths of every file under some nodes, from `prefix` down. */
function pathsOf(nodes: TrackNode[], prefix: string): string[] {
  return nodes.flatMap((n) =>
    n.type === 'folder' ? pathsOf(n.children, `${prefix}${n.title}/`) : [`${prefix}${n.title}`],
  );
}

test('a folder downloads as a ZIP with its folder structure, shown in the downloads dialog', async ({
  page,
  request,
}) => {
  const tree = (await (await request.get('/api/tracks/1400112?v=1')).json()) as TrackNode[];
  const top = tree.find((n) => n.type === 'folder');
  expect(top, 'RJ01400112 has folders at its top').toBeTruthy();
  if (top?.type !== 'folder') return;
  const expected = pathsOf(top.children, `${top.title}/`).sort();

  await page.goto('/work/RJ01400112?path=%5B%5D#work-tree');
  const row = page
    .getByRole('listitem')
    .filter({ has: page.getByTestId('tree-folder') })
    .first();
  await expect(row).toContainText(top.title);
  await row.getByRole('button', { name: 'More actions' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'Download folder' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`RJ01400112 ${top.title}.zip`);
  const zip = unzipSync(new Uint8Array(fs.readFileSync(await download.path())));
  expect(Object.keys(zip).sort()).toEqual(expected);

  const dialog = page.getByTestId('downloads-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('download-item').first()).toHaveAttribute('data-state', 'done');
  await expect(dialog).toContainText(`RJ01400112 ${top.title}.zip`);
  await page.screenshot({ path: test.info().outputPath('downloads-dialog.png') });
});
