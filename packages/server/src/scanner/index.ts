/**
 * The library scanner: finds work folders under the library roots, indexes their files and
 * metadata, and removes works whose folder vanished. Incremental — a work whose tree signature
 * (names, sizes, mtimes) is unchanged costs one stat per entry and opens no file. One bad entry
 * never stops the scan: it is logged, reported in the summary and skipped.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import type { WorkMetadata } from '../metadata/types.ts';
import {
  countFiles,
  fileFactsOfWork,
  type KnownWork,
  knownWorks,
  lockScans,
  unlockScans,
} from '../repositories/scan.ts';
import type { FsPath } from '../storage/byteNames.ts';
import { type EffectiveRoot, effectiveRoots } from '../storage/effectiveRoots.ts';
import { type AudioProbe, probeDuration, sniffAudioFile } from './audio.ts';
import { CHARSET_SAMPLE_BYTES, detectCharset } from './charset.ts';
import { chooseCover } from './cover.ts';
import { WriteCache } from './entities.ts';
import { extensionOf, fileTypeOf } from './fileTypes.ts';
import { dlsiteProvider, type MetadataProvider } from './metadata/dlsite.ts';
import { metadataFromFolderName } from './metadata/folderName.ts';
import { readSidecar } from './metadata/sidecar.ts';
import { addRepairs, emptyRepairSummary, type RepairSummary } from './repairSummary.ts';
import { linkSubtitles } from './subtitleLinks.ts';
import { treeSignature, workDuration } from './summary.ts';
import { checkThreads, unchangedWorks } from './unchanged.ts';
import {
  causeOf,
  findWorkFolders,
  listWorkTree,
  realRoots,
  type ScanIssue,
  type TreeEntry,
  type WorkFolder,
  type WorkTree,
} from './walk.ts';
import {
  type BeforeCommit,
  removeWorks,
  type ScanHooks,
  type ScannedFile,
  type WorkWrite,
  writeNewWorks,
  writeWork,
} from './writer.ts';

export type { ScanHooks };

export interface ScanLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface ScanContext {
  config: Config;
  db: Db;
  /** What the rest of the catalogue adds to the scan's writes (services/scans/hooks.ts scanHooks). */
  hooks: ScanHooks;
  log?: ScanLogger;
  /** The roots to scan; default: those in effect now (storage/effectiveRoots.ts). */
  roots?: readonly EffectiveRoot[];
  /**
   * `roots` are some of the roots in effect (a scheduled scan of one root): works of the others
   * are neither removed nor moved — a folder here with the code of a work there is a duplicate.
   */
  partial?: boolean;
}

export interface ScanProgress {
  phase: 'discover' | 'works' | 'cleanup';
  done: number;
  total: number;
  /** The work folder being looked at. */
  current?: string;
  /** Files and folders listed so far (works phase). */
  files?: number;
}

export interface ScanOptions {
  /** Threads for the no-change check (default: one per core from 2,000 works on, else none). */
  checkThreads?: number;
  /** Re-read every work and every audio header, ignoring signatures. */
  full?: boolean;
  onProgress?: (p: ScanProgress) => void;
  /** Audio duration reader (tests count calls through it). */
  probeAudio?: AudioProbe;
  /** Online metadata; defaults to the store provider when config.onlineMetadata is on. */
  provider?: MetadataProvider | null;
  /** Test seam inside each work's transaction. */
  beforeCommit?: BeforeCommit;
}

export interface Duplicate {
  code: string;
  /** The folder skipped. */
  path: string;
  /** The folder indexed for that code. */
  kept: string;
}

/** A work the scan added, updated or removed, for the scan report. */
export interface WorkChange {
  id: number;
  code: string;
  /** Its folder (absolute; for a removed work, relative to its former root). */
  path: string;
}

export interface ScanSummary {
  /** Works by what the scan did to them (the counts below are their lengths). */
  added: WorkChange[];
  updated: WorkChange[];
  removed: WorkChange[];
  worksAdded: number;
  worksUpdated: number;
  worksRemoved: number;
  worksUnchanged: number;
  /** Files (and folders) indexed across the library after the scan. */
  files: number;
  duplicates: Duplicate[];
  errors: ScanIssue[];
  /** Metadata values the normaliser had to repair (the works are imported all the same). */
  repairs: RepairSummary;
  ms: number;
}

/**
 * What reading a work left out (a corrupt or empty file, an unusable sidecar), stored with the
 * work: a later scan that finds the work unchanged reads nothing, yet reports them again, so a
 * report lists every problem still on disk. Paths are relative to the work folder.
 */
interface StoredProblem {
  path: string;
  reason: ScanIssue['reason'];
  message: string;
  params?: Record<string, string>;
}

function storedProblems(folder: WorkFolder, known: KnownWork | undefined): ScanIssue[] {
  if (!known?.scan_problems) return [];
  try {
    return (JSON.parse(known.scan_problems) as StoredProblem[]).map((p) => ({
      ...p,
      path: p.path ? path.join(folder.absPath, p.path) : folder.absPath,
    }));
  } catch {
    return [];
  }
}

/** Video plays like audio; a work folder holding neither has nothing to play. */
const VIDEO = new Set(['mp4', 'm4v', 'mkv', 'webm', 'avi', 'mov', 'wmv', 'flv', 'ts', 'mpg', 'mpeg']);
const playable = (f: ScannedFile) =>
  f.type === 'audio' || (f.type === 'other' && VIDEO.has(extensionOf(f.path)));

/** Works read from disk ahead of the one being written: overlaps file I/O with database writes. */
const PREPARE_AHEAD = 4;

/** Longest stretch of scanning without giving the event loop (requests being served) a turn. */
const YIELD_EVERY_MS = 20;

/** New works per write transaction, and files: a batch ends at whichever comes first. */
const WRITE_BATCH_WORKS = 200;
const WRITE_BATCH_FILES = 5000;

const silent: ScanLogger = { info() {}, warn() {} };

/** Scans never overlap on one database: a second caller waits for the running one. */
const running = new WeakMap<Db, Promise<unknown>>();

type ScanListener = (db: Db, summary: ScanSummary) => void;
const scanListeners = new Set<ScanListener>();

/** Calls `listener` after each finished scan (the /metrics figures); answers how to stop. */
export function onScanFinished(listener: ScanListener): () => void {
  scanListeners.add(listener);
  return () => scanListeners.delete(listener);
}

export function scanLibrary(ctx: ScanContext, opts: ScanOptions = {}): Promise<ScanSummary> {
  const previous = running.get(ctx.db) ?? Promise.resolve();
  const next = previous.catch(() => {}).then(() => withScanLock(ctx.db, () => runScan(ctx, opts)));
  running.set(ctx.db, next);
  const settle = () => {
    if (running.get(ctx.db) === next) running.delete(ctx.db);
  };
  next.then((summary) => {
    settle();
    for (const listener of scanListeners) listener(ctx.db, summary);
  }, settle);
  return next;
}

/**
 * Instances sharing one PostgreSQL database take turns: a session advisory lock (per schema) is
 * held on one pooled connection for the whole scan, so a second instance's scan waits and then
 * finds everything unchanged. SQLite is one process by design; the in-process queue suffices.
 */
async function withScanLock<T>(db: Db, scan: () => Promise<T>): Promise<T> {
  if (db.dialect !== 'postgres') return scan();
  return db.connection().execute(async (conn) => {
    await lockScans(conn);
    try {
      return await scan();
    } finally {
      await unlockScans(conn);
    }
  });
}

async function readSample(abs: FsPath, size: number): Promise<{ buf: Buffer; truncated: boolean }> {
  const fh = await fs.open(abs, 'r');
  try {
    const buf = Buffer.allocUnsafe(Math.min(size, CHARSET_SAMPLE_BYTES));
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
    return { buf: buf.subarray(0, bytesRead), truncated: size > buf.length };
  } finally {
    await fh.close();
  }
}

/** Picks one folder per work id: the one already indexed if it is still there, else the first. */
function pickFolders(
  found: WorkFolder[],
  known: Map<number, KnownWork>,
  duplicates: Duplicate[],
): WorkFolder[] {
  const byId = new Map<number, WorkFolder[]>();
  for (const f of found) byId.set(f.id, [...(byId.get(f.id) ?? []), f]);
  const picked: WorkFolder[] = [];
  for (const [id, folders] of byId) {
    const k = known.get(id);
    const keep =
      folders.find((f) => k && f.rootIndex === k.root_index && f.relPath === k.folder_path) ?? folders[0]!;
    picked.push(keep);
    for (const f of folders) {
      if (f !== keep) duplicates.push({ code: f.code.code, path: f.absPath, kept: keep.absPath });
    }
  }
  return picked;
}

const emptySummary = (): ScanSummary => ({
  added: [],
  updated: [],
  removed: [],
  worksAdded: 0,
  worksUpdated: 0,
  worksRemoved: 0,
  worksUnchanged: 0,
  files: 0,
  duplicates: [],
  errors: [],
  repairs: emptyRepairSummary(),
  ms: 0,
});

/** One scan's state: its context, options, summary and the writer's cache. */
interface ScanRun {
  ctx: ScanContext;
  opts: ScanOptions;
  log: ScanLogger;
  summary: ScanSummary;
  workOpts: WorkScanOptions;
  cache: WriteCache;
}

async function runScan(ctx: ScanContext, opts: ScanOptions): Promise<ScanSummary> {
  const started = Date.now();
  const log = ctx.log ?? silent;
  const summary = emptySummary();
  const issue = (i: ScanIssue) => {
    summary.errors.push(i);
    log.warn({ path: i.path }, i.message);
  };
  const provider =
    opts.provider !== undefined ? opts.provider : ctx.config.onlineMetadata ? dlsiteProvider() : null;

  opts.onProgress?.({ phase: 'discover', done: 0, total: 0 });
  const roots = ctx.roots ?? (await effectiveRoots(ctx.config, ctx.db));
  const rootPaths = roots.map((r) => r.path);
  const discovery = await findWorkFolders(rootPaths);
  // The walk numbers roots by position; works keep their root's key.
  for (const f of discovery.folders) f.rootIndex = roots[f.rootIndex]!.id;
  for (const u of discovery.unreadable) u.rootIndex = roots[u.rootIndex]!.id;
  discovery.issues.forEach(issue);
  const allKnown = await knownWorks(ctx.db);
  const scanned = new Set(roots.map((r) => r.id));
  const knownRows = ctx.partial ? allKnown.filter((w) => scanned.has(w.root_index)) : allKnown;
  const known = new Map(allKnown.map((w) => [w.id, w]));
  if (ctx.partial) {
    discovery.folders = discovery.folders.filter((f) => {
      const other = known.get(f.id);
      if (!other || scanned.has(other.root_index)) return true;
      summary.duplicates.push({ code: f.code.code, path: f.absPath, kept: other.folder_path });
      return false;
    });
  }
  const folders = pickFolders(discovery.folders, known, summary.duplicates);
  for (const d of summary.duplicates)
    log.warn({ path: d.path, kept: d.kept }, `duplicate work code ${d.code} skipped`);

  const workOpts: WorkScanOptions = {
    ...opts,
    probe: opts.probeAudio ?? probeDuration,
    provider,
    issue,
    realRoots: await realRoots(rootPaths),
  };
  const run: ScanRun = { ctx, opts, log, summary, workOpts, cache: new WriteCache() };
  const keep = await scanWorks(run, folders, known);

  opts.onProgress?.({ phase: 'cleanup', done: 0, total: 1 });
  const underUnreadable = (w: KnownWork) =>
    discovery.unreadable.some(
      (u) => u.rootIndex === w.root_index && (!u.relPath || w.folder_path.startsWith(`${u.relPath}/`)),
    );
  // Works that could not be looked at this time are kept as they are, never removed.
  const vanished = knownRows.filter((w) => !keep.has(w.id) && !underUnreadable(w));
  await removeWorks(
    ctx.db,
    vanished.map((w) => w.id),
  );
  summary.worksRemoved = vanished.length;
  summary.removed = vanished.map((w) => ({ id: w.id, code: w.source_id, path: w.folder_path }));
  summary.files = await countFiles(ctx.db);
  summary.ms = Date.now() - started;
  logSummary(log, summary);
  return summary;
}

function logSummary(log: ScanLogger, summary: ScanSummary): void {
  log.info(
    {
      added: summary.worksAdded,
      updated: summary.worksUpdated,
      removed: summary.worksRemoved,
      unchanged: summary.worksUnchanged,
      errors: summary.errors.length,
      duplicates: summary.duplicates.length,
      ms: summary.ms,
    },
    'library scan finished',
  );
}

/** Known works still in place, checked for changes on worker threads first (unchanged.ts). */
function unchangedWorkChecks(run: ScanRun, folders: WorkFolder[], known: Map<number, KnownWork>) {
  const checks = run.opts.full
    ? []
    : folders.flatMap((f) => {
        const p = known.get(f.id);
        const samePlace = p && p.root_index === f.rootIndex && p.folder_path === f.relPath;
        return samePlace && p.scan_signature
          ? [{ id: f.id, absPath: f.fsPath, signature: p.scan_signature }]
          : [];
      });
  return unchangedWorks(checks, run.workOpts.realRoots, checkThreads(checks.length, run.opts.checkThreads));
}

/**
 * Writes what the scan read: known works one by one, new works in batches (one transaction,
 * multi-row inserts), a failing batch again one work at a time so one bad work costs only itself.
 */
function workWriter(run: ScanRun) {
  const { ctx, opts, summary, cache } = run;
  const writeOpts = { hooks: ctx.hooks, cache, beforeCommit: opts.beforeCommit };
  const batch: WorkWrite[] = [];
  const folderOf = new Map<number, string>();
  let batchFiles = 0;
  const changeOf = (w: WorkWrite, absPath: string): WorkChange => ({ id: w.id, code: w.code, path: absPath });
  const writeOne = async (w: WorkWrite, absPath: string) => {
    try {
      const result = await writeWork(ctx.db, w, writeOpts);
      if (result.created) summary.worksAdded++;
      else summary.worksUpdated++;
      (result.created ? summary.added : summary.updated).push(changeOf(w, absPath));
    } catch (e) {
      run.workOpts.issue({
        path: absPath,
        reason: 'work-failed',
        message: `work skipped: ${(e as Error).message}`,
      });
    }
  };
  const flush = async () => {
    const works = batch.splice(0);
    batchFiles = 0;
    if (works.length === 0) return;
    try {
      await writeNewWorks(ctx.db, works, writeOpts);
      summary.worksAdded += works.length;
      for (const w of works) summary.added.push(changeOf(w, folderOf.get(w.id)!));
    } catch {
      for (const w of works) await writeOne(w, folderOf.get(w.id)!);
    }
  };
  return {
    writeKnown: writeOne,
    flush,
    async addNew(w: WorkWrite, absPath: string) {
      batch.push(w);
      folderOf.set(w.id, absPath);
      batchFiles += w.files.length;
      if (batch.length >= WRITE_BATCH_WORKS || batchFiles >= WRITE_BATCH_FILES) await flush();
    },
  };
}

/**
 * The works phase: each folder is found unchanged, or prepared (listed, audio headers read, a
 * few ahead of the writer) and written in order. Answers the ids of the works still there.
 */
async function scanWorks(
  run: ScanRun,
  folders: WorkFolder[],
  known: Map<number, KnownWork>,
): Promise<Set<number>> {
  const { opts, summary, workOpts } = run;
  const keep = new Set<number>();
  const issue = workOpts.issue;
  const checked = await unchangedWorkChecks(run, folders, known);
  const toPrepare = folders.filter((f) => !checked.has(f.id));
  const prepare = (folder: WorkFolder) =>
    prepareWork(run.ctx, folder, known.get(folder.id), workOpts).then(
      (r) => ({ ok: true as const, r }),
      (e: Error) => ({ ok: false as const, e }),
    );
  const window: ReturnType<typeof prepare>[] = toPrepare.slice(0, PREPARE_AHEAD).map(prepare);
  let prepared = 0;
  const writer = workWriter(run);
  let lastYield = Date.now();
  let filesSeen = 0;
  for (const [i, folder] of folders.entries()) {
    // Unchanged works resolve without any I/O wait: let requests in now and then.
    if (Date.now() - lastYield > YIELD_EVERY_MS) {
      await yieldToEventLoop();
      lastYield = Date.now();
    }
    opts.onProgress?.({
      phase: 'works',
      done: i,
      total: folders.length,
      current: folder.relPath,
      files: filesSeen,
    });
    keep.add(folder.id);
    const same = checked.get(folder.id);
    if (same) {
      same.issues.forEach(issue);
      storedProblems(folder, known.get(folder.id)).forEach(issue);
      filesSeen += same.files;
      summary.worksUnchanged++;
      continue;
    }
    const done = await window.shift()!;
    const ahead = toPrepare[++prepared + PREPARE_AHEAD - 1];
    if (ahead) window.push(prepare(ahead));
    if (!done.ok) {
      issue({ path: folder.absPath, reason: 'work-failed', message: `work skipped: ${done.e.message}` });
      continue;
    }
    filesSeen += done.r.files;
    if (done.r.work === 'unchanged') {
      storedProblems(folder, known.get(folder.id)).forEach(issue);
      summary.worksUnchanged++;
      continue;
    }
    if (done.r.work === 'unplayable') {
      // Reported by prepareWork; a work that had something to play leaves the catalogue.
      keep.delete(folder.id);
      continue;
    }
    const w = done.r.work;
    addRepairs(summary.repairs, folder.absPath, w.metadata.repairs);
    if (known.has(w.id)) await writer.writeKnown(w, folder.absPath);
    else await writer.addNew(w, folder.absPath);
  }
  await writer.flush();
  opts.onProgress?.({ phase: 'works', done: folders.length, total: folders.length, files: filesSeen });
  return keep;
}

interface WorkScanOptions extends ScanOptions {
  probe: AudioProbe;
  realRoots: string[];
  provider: MetadataProvider | null;
  issue: (i: ScanIssue) => void;
}

async function metadataFor(
  folder: WorkFolder,
  topLevel: Map<string, number>,
  o: WorkScanOptions,
): Promise<WorkMetadata> {
  const sidecar = await readSidecar(
    folder.fsPath,
    folder.code.code,
    [...topLevel.keys()],
    (name) => topLevel.get(name) ?? 0,
  );
  if (sidecar.problem) o.issue(sidecar.problem);
  if (sidecar.metadata) return sidecar.metadata;
  if (o.provider) {
    try {
      const online = await o.provider.lookup(folder.code.code);
      if (online) return online;
    } catch (e) {
      o.issue({
        path: folder.absPath,
        reason: 'metadata',
        message: `${o.provider.name} metadata unavailable: ${(e as Error).message}`,
        params: { problem: 'store' },
      });
    }
  }
  return metadataFromFolderName(path.basename(folder.absPath), folder.code.code);
}

/**
 * Everything read from disk for one work, or 'unchanged' when its signature matches; with the
 * number of entries listed (for the progress display). A few works are prepared at once, so the
 * awaits stay in this one function: a helper awaited would shift when each work reports issues.
 */
async function prepareWork(
  ctx: ScanContext,
  folder: WorkFolder,
  prior: KnownWork | undefined,
  o: WorkScanOptions,
): Promise<{ work: WorkWrite | 'unchanged' | 'unplayable'; files: number }> {
  const { tree, signature, unchanged } = listWork(folder, prior, o);
  const listed = tree.entries.length;
  if (unchanged) return { work: 'unchanged', files: listed };
  // Problems of the files themselves (the listing's are found again by every listing): stored.
  const problems: StoredProblem[] = [];
  o = { ...o, issue: storingProblems(folder, o.issue, problems) };

  // A work not in the database has no file rows (they go with the work): nothing to ask.
  const previous = new Map((prior ? await fileFactsOfWork(ctx.db, folder.id) : []).map((f) => [f.path, f]));
  const files: ScannedFile[] = [];
  for (const e of tree.entries) {
    const abs = path.join(folder.absPath, e.path);
    const at = e.fsPath ?? abs; // a name that is not UTF-8 is opened by its bytes; `abs` is for messages
    if (e.isDir) {
      files.push(scannedFile(e, 'folder'));
      continue;
    }
    if (e.size === 0) {
      o.issue({ path: abs, reason: 'empty-file', message: 'empty file skipped' });
      continue;
    }
    const file = scannedFile(e, fileTypeOf(e.path));
    const old = previous.get(e.path);
    // What the last scan read of a file of the same size and mtime is reused.
    const same = !o.full && old && old.size === e.size && old.mtime === e.mtime ? old : undefined;
    try {
      if (file.type === 'audio') {
        file.duration = same && same.duration !== null ? same.duration : await o.probe(at, e.size);
        file.content_type = same ? (same.content_type ?? null) : await contentTypeOf(at, e.path);
      } else if (file.type === 'text') {
        if (same?.charset) file.charset = same.charset;
        else {
          const { buf, truncated } = await readSample(at, e.size);
          file.charset = detectCharset(buf, truncated);
        }
      }
    } catch (err) {
      o.issue(unreadableFile(abs, file.type, err));
      continue;
    }
    files.push(file);
  }

  if (!files.some(playable)) {
    o.issue({
      path: folder.absPath,
      reason: 'no-playable-audio',
      message: 'no playable audio or video: work not added',
    });
    return { work: 'unplayable', files: listed };
  }
  const metadata = await metadataFor(folder, topLevelSizes(tree), o);
  return { work: workWriteOf(folder, { metadata, files, signature, problems }), files: listed };
}

/**
 * The work's tree (its problems reported), its signature, and whether that matches the one
 * stored for the work in the same place.
 */
function listWork(
  folder: WorkFolder,
  prior: KnownWork | undefined,
  o: WorkScanOptions,
): { tree: WorkTree; signature: string; unchanged: boolean } {
  const tree = listWorkTree(folder.fsPath, o.realRoots);
  tree.issues.forEach(o.issue);
  // An incomplete listing gets no signature, so the next scan looks again.
  const signature = tree.incomplete ? '' : treeSignature(tree.entries);
  const samePlace = prior && prior.root_index === folder.rootIndex && prior.folder_path === folder.relPath;
  const unchanged = !o.full && !!samePlace && !!signature && prior.scan_signature === signature;
  return { tree, signature, unchanged };
}

/** Reports through `report`, and keeps each issue for the work's stored problems (its path relative). */
function storingProblems(
  folder: WorkFolder,
  report: (i: ScanIssue) => void,
  problems: StoredProblem[],
): (i: ScanIssue) => void {
  const prefix = `${folder.absPath}${path.sep}`;
  return (i) => {
    report(i);
    problems.push({ ...i, path: i.path.startsWith(prefix) ? i.path.slice(prefix.length) : '' });
  };
}

/** A listed entry's row, before anything is read from the file. */
function scannedFile(e: TreeEntry, type: string): ScannedFile {
  return {
    path: e.path,
    type,
    size: e.isDir ? 0 : e.size,
    mtime: e.mtime,
    duration: null,
    charset: null,
    content_type: null,
  };
}

/** A file that could not be read: an audio file is corrupt, any other unreadable. */
function unreadableFile(abs: string, type: string, err: unknown): ScanIssue {
  return {
    path: abs,
    reason: type === 'audio' ? 'corrupt-audio' : 'unreadable',
    message: `${type === 'audio' ? 'corrupt audio' : 'unreadable file'} skipped: ${(err as Error).message}`,
    ...(type === 'audio' ? {} : { params: causeOf(err) }),
  };
}

/** Sizes of the files at the top of the work folder, by name (where a sidecar is looked for). */
function topLevelSizes(tree: WorkTree): Map<string, number> {
  return new Map(tree.entries.filter((e) => !e.isDir && !e.path.includes('/')).map((e) => [e.path, e.size]));
}

/** The work as written: its files, and what is chosen from them (subtitles, cover, duration). */
function workWriteOf(
  folder: WorkFolder,
  read: { metadata: WorkMetadata; files: ScannedFile[]; signature: string; problems: StoredProblem[] },
): WorkWrite {
  const { metadata, files, problems } = read;
  const audio = files.filter((f) => f.type === 'audio' && f.duration !== null) as (ScannedFile & {
    duration: number;
  })[];
  return {
    id: folder.id,
    code: folder.code.code,
    rootIndex: folder.rootIndex,
    folderPath: folder.relPath,
    metadata,
    files,
    subtitleLinks: linkSubtitles(files),
    coverPath: chooseCover(
      folder.code.code,
      files.filter((f) => f.type === 'image').map((f) => f.path),
      metadata.coverHint,
    ),
    duration: workDuration(audio),
    signature: read.signature,
    problems: problems.length ? JSON.stringify(problems) : null,
    now: Date.now(),
  };
}

/**
 * The MIME type of an audio file's content when its extension names another format (WAV data in
 * a `.mp3`), so it is served as what it is; null when the name is right or nothing is recognised.
 */
async function contentTypeOf(abs: FsPath, name: string): Promise<string | null> {
  const format = await sniffAudioFile(abs);
  if (!format) return null;
  const ext = extensionOf(name);
  const same =
    ext === format.ext ||
    (format.ext === 'ogg' && ['oga', 'opus'].includes(ext)) ||
    (format.ext === 'aiff' && ext === 'aif') ||
    (format.ext === 'm4a' && ['mp4', 'aac'].includes(ext));
  return same ? null : format.mime;
}
