import { useEffect, useState } from 'react';
import type { SubtitlePackage } from './db.ts';
import { subtitleDb } from './db.ts';
import { useSubtitleStore } from './importState.ts';
import { listPackages } from './repository.ts';

export interface StorageUse {
  used: number;
  quota: number;
}

/** The imported packages and the site's storage use, re-read after every change. */
export function usePackages(): {
  packages: SubtitlePackage[] | null;
  storage: StorageUse | null | undefined;
} {
  const revision = useSubtitleStore((s) => s.revision);
  const [packages, setPackages] = useState<SubtitlePackage[] | null>(null);
  // undefined: not known yet; null: the browser does not say.
  const [storage, setStorage] = useState<StorageUse | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void revision;
    listPackages(subtitleDb()).then(
      (p) => live && setPackages(p),
      () => live && setPackages([]),
    );
    const estimate = navigator.storage?.estimate?.();
    if (!estimate) setStorage(null);
    else
      estimate.then(
        (e) => live && setStorage({ used: e.usage ?? 0, quota: e.quota ?? 0 }),
        () => live && setStorage(null),
      );
    return () => {
      live = false;
    };
  }, [revision]);
  return { packages, storage };
}
