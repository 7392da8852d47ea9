/** Why an import stopped; each kind has its own message (`subtitles.errors.<kind>`). */
export type ImportErrorKind = 'notZip' | 'duplicate' | 'corrupt' | 'noSubtitles' | 'quota' | 'unknown';

export class ImportError extends Error {
  constructor(
    readonly kind: ImportErrorKind,
    message: string = kind,
  ) {
    super(message);
    this.name = 'ImportError';
  }
}

/** IndexedDB reports a full disk as QuotaExceededError, which Dexie may wrap in another error. */
export function isQuotaError(e: unknown): boolean {
  for (let err = e as { name?: string; inner?: unknown } | undefined; err; err = err.inner as typeof err) {
    if (err.name === 'QuotaExceededError') return true;
  }
  return false;
}

/** Any failure as an ImportError: quota errors keep their kind, the rest say 'unknown'. */
export function toImportError(e: unknown): ImportError {
  if (e instanceof ImportError) return e;
  if (isQuotaError(e)) return new ImportError('quota');
  return new ImportError('unknown', e instanceof Error ? e.message : String(e));
}
