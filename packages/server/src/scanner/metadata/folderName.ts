/**
 * Last-resort metadata from the folder name: `[Circle] RJ01234567 Title` → title `Title`,
 * circle `Circle`. The circle is a `[…]`/`【…】` group leading the name once the code is taken
 * out (`RJ01234567 [Circle] Title` works too); other brackets (`[ENG]`) stay in the title.
 * A bare code folder gets the code as its title. Folder names are untrusted too: the result goes
 * through the normaliser.
 */
import { workCodeRegExp } from '@sasayaki/contract/workCode';
import { normalizeWork } from '../../metadata/normalize.ts';
import { emptyMetadata, type WorkMetadata } from '../../metadata/types.ts';

/** Bracketed edition labels that are not circle names: `[ENG]`, `[中文]`, `【英語版】`. */
const EDITION_LABEL =
  /^(eng(lish)?|chi(nese)?|chs|cht|kr|kor(ean)?|jp|jpn|中文|简体中文|簡体中文|繁體中文|繁体中文|英語版?|中国語版?|韓国語版?)$/i;

const EDGE_SEPARATORS = /^[\s\-–—:_・]+|[\s\-–—:_・]+$/g;

export function metadataFromFolderName(folderName: string, code: string): WorkMetadata {
  let rest = folderName.normalize('NFC').replace(workCodeRegExp(), ' ').replace(EDGE_SEPARATORS, '');
  let circle = /^[[【]([^\]】]+)[\]】]/.exec(rest);
  if (circle && EDITION_LABEL.test(circle[1]!.trim())) circle = null;
  if (circle) rest = rest.slice(circle[0].length);
  const title = rest
    .replace(/_+/g, ' ')
    .replace(EDGE_SEPARATORS, '')
    .replace(/\s{2,}/g, ' ');
  const circleName = circle?.[1]?.trim();
  return (
    normalizeWork({ title: title || code, ...(circleName ? { circle: circleName } : {}) }, 'folder') ??
    emptyMetadata('folder', code)
  );
}
