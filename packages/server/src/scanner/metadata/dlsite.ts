/**
 * The online store provider: the DLsite product API (`/api/=/product.json?workno=…`) mapped to
 * work metadata through the normaliser. Off by default (config.onlineMetadata); the fetch is
 * injected so tests run on a recorded response and never reach the network.
 */
import { normalizeWork, WORKNO } from '../../metadata/normalize.ts';
import type { WorkMetadata } from '../../metadata/types.ts';

export interface MetadataProvider {
  readonly name: string;
  /** Metadata of a work code, or null when the store does not know it. */
  lookup(code: string): Promise<WorkMetadata | null>;
}

type FetchLike = (url: string) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>;

/** One product object of the DLsite product API (or the list of one it answers) → metadata. */
export function parseDlsiteProduct(json: unknown, code?: string): WorkMetadata | null {
  const product = Array.isArray(json) ? json[0] : json;
  const m = normalizeWork(product, 'dlsite');
  const workno = code ?? (product as { workno?: unknown } | null | undefined)?.workno;
  if (m && !m.sourceUrl && typeof workno === 'string' && WORKNO.test(workno)) {
    m.sourceUrl = `https://www.dlsite.com/maniax/work/=/product_id/${workno.toUpperCase()}.html`;
  }
  return m;
}

export function dlsiteProvider(fetchJson: FetchLike = fetch): MetadataProvider {
  return {
    name: 'dlsite',
    async lookup(code) {
      const res = await fetchJson(
        `https://www.dlsite.com/maniax/api/=/product.json?workno=${encodeURIComponent(code)}`,
      );
      if (!res.ok) throw new Error(`store answered ${res.status}`);
      return parseDlsiteProduct(await res.json(), code);
    },
  };
}
