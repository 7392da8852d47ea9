/**
 * How `sasayaki scan` shows its progress: a bar on a terminal, plain lines otherwise (logs, CI).
 */
import cliProgress from 'cli-progress';
import type { ScanProgress, ScanSummary } from './index.ts';
import { REPAIR_EXAMPLES } from './repairSummary.ts';

export interface ProgressReporter {
  onProgress(p: ScanProgress): void;
  stop(): void;
}

/** Files listed per second since the works phase began. */
function rateOf(files: number, since: number): string {
  const seconds = (Date.now() - since) / 1000;
  return seconds > 0 ? String(Math.round(files / seconds)) : '0';
}

export function progressReporter(out: NodeJS.WriteStream = process.stderr): ProgressReporter {
  let since = 0;
  if (out.isTTY) {
    const bar = new cliProgress.SingleBar(
      {
        format:
          'scanning {bar} {value}/{total} works  {files} files, {rate} files/s  ETA {eta_formatted}  {current}',
        stream: out,
        hideCursor: true,
        etaBuffer: 200,
      },
      cliProgress.Presets.shades_classic,
    );
    let started = false;
    return {
      onProgress(p) {
        if (p.phase !== 'works') return;
        const files = p.files ?? 0;
        const current = (p.current ?? '').slice(-40);
        if (!started) {
          since = Date.now();
          bar.start(p.total, p.done, { current, files, rate: '0' });
          started = true;
        } else bar.update(p.done, { current, files, rate: rateOf(files, since) });
      },
      stop() {
        if (started) bar.stop();
      },
    };
  }
  let lastLogged = -1;
  return {
    onProgress(p) {
      if (p.phase === 'discover') out.write('scan: looking for work folders\n');
      if (p.phase !== 'works' || p.total === 0) return;
      if (since === 0) since = Date.now();
      // About twenty lines for a whole scan, whatever the library size.
      const step = Math.max(1, Math.ceil(p.total / 20));
      if (p.done === p.total || p.done - lastLogged >= step) {
        lastLogged = p.done;
        const rate = `${p.files ?? 0} files, ${rateOf(p.files ?? 0, since)} files/s`;
        out.write(`scan: ${p.done}/${p.total} works, ${rate}${p.current ? ` (${p.current})` : ''}\n`);
      }
    },
    stop() {},
  };
}

export function formatSummary(s: ScanSummary): string {
  const lines = [
    `scan finished in ${(s.ms / 1000).toFixed(1)} s: ${s.worksAdded} added, ${s.worksUpdated} updated, ` +
      `${s.worksRemoved} removed, ${s.worksUnchanged} unchanged; ${s.files} files; ` +
      `${s.duplicates.length} duplicates, ${s.errors.length} skipped items`,
  ];
  for (const d of s.duplicates) lines.push(`  duplicate ${d.code}: ${d.path} (kept ${d.kept})`);
  for (const e of s.errors) lines.push(`  skipped: ${e.path}: ${e.message}`);
  const r = s.repairs;
  if (r.works) {
    const fields = Object.entries(r.fields)
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .map(([f, n]) => `${f} ${n}`);
    lines.push(`metadata repaired in ${r.works} works (imported all the same): ${fields.join(', ')}`);
    for (const e of r.examples) lines.push(`  repaired: ${e.path}: ${e.field}: ${e.problem}`);
    if (r.examples.length === REPAIR_EXAMPLES) lines.push('  (first examples only)');
  }
  return lines.join('\n');
}
