/**
 * Community subtitles (docs/subtitles.md): a listener with a bound email (the rule of tag votes)
 * sends subtitle files for a work's tracks; each is checked (services/subtitleCheck.ts), matched
 * to a track by the contract's matcher unless the sender chose one, and kept pending. A reviewer
 * (`subtitle.review`) accepts it, maybe with a corrected text, or rejects it with a reason the
 * contributor reads. The accepted one of a track in a language is its current version; a newer
 * one goes through the queue again and, once accepted, supersedes it. Reviews are audited.
 */
import { createHash } from 'node:crypto';
import {
  matchConfidence,
  SUBTITLE_LIMITS,
  type SubtitleContribution,
  type SubtitleStatus,
  type SubtitleUploadFile,
} from '@sasayaki/contract';
import { requireAccess, requireAccount } from '../access.ts';
import type { Principal } from '../auth/principal.ts';
import type { Db } from '../db/connect.ts';
import type { SubtitleContributionRow } from '../db/schema.ts';
import { fail } from '../errors.ts';
import { filesOfWork } from '../repositories/files.ts';
import {
  acceptedOfFiles,
  type ContributionListRow,
  contributionById,
  countSentSince,
  insertContribution,
  listContributions,
  recountWork,
  sameTextKept,
  storedBytes,
  supersedeAccepted,
  updateContribution,
} from '../repositories/subtitles.ts';
import { findUserRowById } from '../repositories/users.ts';
import { findWorkRef } from '../repositories/works.ts';
import { readSubtitle, removeSubtitle, writeSubtitle } from '../storage/subtitleFiles.ts';
import { recordAudit } from './audit.ts';
import {
  type CheckedSubtitle,
  checkSubtitle,
  checkTrackFit,
  type SentFile,
  unpack,
} from './subtitleCheck.ts';

/** What the service needs of the app: the database, the data folder and the quota setting. */
export interface SubtitleCtx {
  db: Db;
  dataDir: string;
  /** Disk space for community subtitles, MiB (site setting `subtitleQuotaMb`). */
  quotaMb: () => number;
}

const DAY_MS = 24 * 60 * 60_000;
const MIB = 1024 * 1024;
/** Below this, the best track is no match: the sender picks one in the preview instead. */
export const MATCH_MIN = 0.25;
/** Lists answer at most this many. */
export const CONTRIBUTIONS_LISTED = 500;

const baseName = (p: string) => p.slice(p.lastIndexOf('/') + 1);
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export function contributionView(row: ContributionListRow): SubtitleContribution {
  return {
    id: row.id,
    workId: row.work_id,
    workTitle: row.work_title ?? '',
    fileId: row.file_id,
    trackTitle: row.file_path ? baseName(row.file_path) : '',
    name: row.name,
    format: row.format as SubtitleContribution['format'],
    language: row.language,
    note: row.note,
    contributor: row.contributor,
    status: row.status as SubtitleStatus,
    reason: row.reason,
    version: row.version === null ? null : Number(row.version),
    corrected: !!row.corrected,
    lines: Number(row.lines),
    cues: Number(row.cues),
    size: Number(row.size),
    createdAt: Number(row.created_at),
    reviewedAt: row.reviewed_at === null ? null : Number(row.reviewed_at),
    reviewedBy: row.reviewed_by,
    textUrl: `/api/subtitles/${row.id}/text`,
  };
}

async function contributorOf(db: Db, viewer: Principal) {
  const me = requireAccount(viewer);
  const row = await findUserRowById(db, me.id);
  requireAccess(me, 'subtitle.contribute', { account: { hasEmail: !!row?.email } });
  return me;
}

type Track = { id: number; title: string; duration: number };

/** The sender's track when named (it must be an audio file of the work), else the best match. */
function trackFor(s: CheckedSubtitle, tracks: readonly Track[]): Track {
  if (s.fileId !== undefined) {
    const chosen = tracks.find((t) => t.id === s.fileId);
    if (!chosen) throw fail('SUBTITLE_NO_TRACK', { name: s.name });
    return chosen;
  }
  let best: Track | undefined;
  let bestScore = MATCH_MIN;
  for (const t of tracks) {
    const score = matchConfidence({ title: s.name, duration: s.duration }, t);
    if (score >= bestScore) {
      best = t;
      bestScore = score;
    }
  }
  if (!best) throw fail('SUBTITLE_NO_TRACK', { name: s.name });
  return best;
}

function decodeBase64(f: SubtitleUploadFile): SentFile {
  // Node's decoder skips characters outside the alphabet: a body that is not base64 decodes to
  // bytes the checks below refuse as no subtitle.
  return { name: f.name, bytes: new Uint8Array(Buffer.from(f.data, 'base64')), fileId: f.fileId };
}

/**
 * Checks every file of an upload, then keeps them all or none: rows in one transaction, each
 * text written under its row's id before the commit (a failed write rolls everything back and
 * the texts already written are removed).
 */
export async function uploadSubtitles(
  ctx: SubtitleCtx,
  viewer: Principal,
  workId: number,
  input: { language: string; note?: string; files: SubtitleUploadFile[] },
  address: string,
): Promise<SubtitleContribution[]> {
  const { db } = ctx;
  const me = await contributorOf(db, viewer);
  const work = await findWorkRef(db, workId);
  if (!work) throw fail('WORK_NOT_FOUND');

  const sent = unpack(input.files.map(decodeBase64));
  const now = Date.now();
  const sentToday = await countSentSince(db, me.id, now - DAY_MS);
  if (sentToday + sent.length > SUBTITLE_LIMITS.filesPerAccountPerDay) {
    throw fail('SUBTITLE_DAILY_LIMIT', { max: SUBTITLE_LIMITS.filesPerAccountPerDay });
  }

  const tracks: Track[] = (await filesOfWork(db, workId))
    .filter((f) => f.type === 'audio')
    .map((f) => ({
      id: f.id,
      title: baseName(f.path),
      duration: f.duration === null ? 0 : Number(f.duration),
    }));
  const checked = sent.map((f) => {
    const s = checkSubtitle(f);
    const track = trackFor(s, tracks);
    checkTrackFit(s, track.duration);
    return { s, track, hash: sha256(s.text), size: Buffer.byteLength(s.text) };
  });
  const seen = new Set<string>();
  for (const c of checked) {
    const key = `${c.track.id}/${c.hash}`;
    if (seen.has(key) || (await sameTextKept(db, c.track.id, c.hash))) {
      throw fail('SUBTITLE_DUPLICATE', { name: c.s.name });
    }
    seen.add(key);
  }
  const adding = checked.reduce((n, c) => n + c.size, 0);
  if ((await storedBytes(db)) + adding > ctx.quotaMb() * MIB) throw fail('SUBTITLE_QUOTA');

  const written: number[] = [];
  try {
    const rows = await db.transaction().execute(async (tx) => {
      const out: SubtitleContributionRow[] = [];
      for (const c of checked) {
        const row = await insertContribution(tx, {
          work_id: workId,
          file_id: c.track.id,
          user_id: me.id,
          contributor: me.name,
          language: input.language,
          note: (input.note ?? '').trim(),
          name: c.s.name,
          format: c.s.format,
          sha256: c.hash,
          size: c.size,
          lines: c.s.lines,
          cues: c.s.cues.length,
          status: 'pending',
          address,
          created_at: now,
        });
        await writeSubtitle(ctx.dataDir, row.id, c.s.text);
        written.push(row.id);
        out.push(row);
      }
      return out;
    });
    return rows.map((r, i) =>
      contributionView({
        ...r,
        work_title: work.title,
        file_path: checked[i]!.track.title,
        file_duration: checked[i]!.track.duration,
      }),
    );
  } catch (err) {
    await Promise.all(written.map((id) => removeSubtitle(ctx.dataDir, id)));
    throw err;
  }
}

export async function myContributions(db: Db, viewer: Principal): Promise<SubtitleContribution[]> {
  const me = requireAccount(viewer);
  return (await listContributions(db, { userId: me.id }, CONTRIBUTIONS_LISTED)).map(contributionView);
}

export async function subtitleQueue(
  db: Db,
  viewer: Principal,
  status: SubtitleStatus = 'pending',
): Promise<SubtitleContribution[]> {
  requireAccess(viewer, 'subtitle.review');
  return (await listContributions(db, { status }, CONTRIBUTIONS_LISTED)).map(contributionView);
}

/**
 * A contribution's text: an accepted (or superseded) one for everyone, a pending or rejected one
 * for its contributor and reviewers only; others are not found.
 */
export async function contributionText(ctx: SubtitleCtx, viewer: Principal, id: number): Promise<string> {
  const row = await contributionById(ctx.db, id);
  if (!row) throw fail('SUBTITLE_NOT_FOUND');
  if (row.status !== 'accepted' && row.status !== 'superseded') {
    const own = viewer.kind === 'account' && viewer.id === row.user_id;
    if (!own) {
      try {
        requireAccess(viewer, 'subtitle.review');
      } catch {
        throw fail('SUBTITLE_NOT_FOUND');
      }
    }
  }
  const text = await readSubtitle(ctx.dataDir, id);
  if (text === null) throw fail('SUBTITLE_NOT_FOUND');
  return text;
}

async function pendingRow(db: Db, id: number): Promise<ContributionListRow> {
  const row = await contributionById(db, id);
  if (!row) throw fail('SUBTITLE_NOT_FOUND');
  if (row.status !== 'pending') throw fail('SUBTITLE_NOT_PENDING');
  return row;
}

/**
 * Accepts a pending contribution, with the reviewer's corrected text when given (checked like an
 * upload); it becomes the next version of its track in its language, the previous one superseded.
 */
export async function acceptSubtitle(
  ctx: SubtitleCtx,
  viewer: Principal,
  id: number,
  correctedText?: string,
): Promise<SubtitleContribution> {
  const reviewer = requireAccount(requireAccess(viewer, 'subtitle.review'));
  const row = await pendingRow(ctx.db, id);
  let corrected: CheckedSubtitle | null = null;
  if (correctedText !== undefined) {
    corrected = checkSubtitle({ name: row.name, bytes: new TextEncoder().encode(correctedText) });
    checkTrackFit(corrected, row.file_duration === null ? 0 : Number(row.file_duration));
  }
  const now = Date.now();
  await ctx.db.transaction().execute(async (tx) => {
    const previous = await supersedeAccepted(tx, row.file_id, row.language);
    const patch = {
      status: 'accepted',
      version: previous + 1,
      reviewed_at: now,
      reviewed_by: reviewer.name,
      ...(corrected
        ? {
            corrected: 1,
            sha256: sha256(corrected.text),
            size: Buffer.byteLength(corrected.text),
            lines: corrected.lines,
            cues: corrected.cues.length,
          }
        : {}),
    };
    if (!(await updateContribution(tx, id, patch, 'pending'))) throw fail('SUBTITLE_NOT_PENDING');
    await recountWork(tx, row.work_id);
    if (corrected) await writeSubtitle(ctx.dataDir, id, corrected.text);
    await recordAudit(tx, viewer, {
      action: 'subtitle.accept',
      target: `${row.work_title ?? `#${row.work_id}`} / ${row.name}`,
      details: {
        id,
        workId: row.work_id,
        fileId: row.file_id,
        language: row.language,
        version: previous + 1,
        corrected: !!corrected,
      },
    });
  });
  return contributionView((await contributionById(ctx.db, id))!);
}

/** Rejects a pending contribution with a reason; its text is removed, the row kept for the contributor. */
export async function rejectSubtitle(
  ctx: SubtitleCtx,
  viewer: Principal,
  id: number,
  reason: string,
): Promise<void> {
  const reviewer = requireAccount(requireAccess(viewer, 'subtitle.review'));
  const why = reason.trim();
  if (!why) throw fail('SUBTITLE_REASON_REQUIRED');
  const row = await pendingRow(ctx.db, id);
  await ctx.db.transaction().execute(async (tx) => {
    const patch = { status: 'rejected', reason: why, reviewed_at: Date.now(), reviewed_by: reviewer.name };
    if (!(await updateContribution(tx, id, patch, 'pending'))) throw fail('SUBTITLE_NOT_PENDING');
    await recordAudit(tx, viewer, {
      action: 'subtitle.reject',
      target: `${row.work_title ?? `#${row.work_id}`} / ${row.name}`,
      details: { id, workId: row.work_id, reason: why },
    });
  });
  await removeSubtitle(ctx.dataDir, id);
}

/** The accepted community subtitles of these tracks, by audio file id. */
export async function communitySubtitlesOf(
  db: Db,
  fileIds: readonly number[],
): Promise<Map<number, SubtitleContributionRow[]>> {
  const out = new Map<number, SubtitleContributionRow[]>();
  for (const row of await acceptedOfFiles(db, fileIds)) {
    const list = out.get(row.file_id) ?? [];
    list.push(row);
    out.set(row.file_id, list);
  }
  return out;
}

/** The text of an accepted contribution (Subsonic lyrics), or null when its file is gone. */
export async function acceptedText(dataDir: string, id: number): Promise<string | null> {
  return readSubtitle(dataDir, id);
}
