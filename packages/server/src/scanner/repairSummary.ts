/**
 * What the metadata normaliser repaired during one scan: how many works, how often each field,
 * and a bounded list of examples (a library of thousands of odd sidecars must not make a
 * report of thousands of lines).
 */
import type { Repair } from '../metadata/clean.ts';

export const REPAIR_EXAMPLES = 20;

export interface RepairSummary {
  /** Works read in this scan whose metadata needed at least one repair. */
  works: number;
  /** Field → number of works in which it was repaired. */
  fields: Record<string, number>;
  examples: { path: string; field: string; problem: string }[];
}

export const emptyRepairSummary = (): RepairSummary => ({ works: 0, fields: {}, examples: [] });

export function addRepairs(summary: RepairSummary, workPath: string, repairs: readonly Repair[]): void {
  if (repairs.length === 0) return;
  summary.works++;
  for (const field of new Set(repairs.map((r) => r.field))) {
    summary.fields[field] = (summary.fields[field] ?? 0) + 1;
  }
  for (const r of repairs) {
    if (summary.examples.length >= REPAIR_EXAMPLES) break;
    summary.examples.push({ path: workPath, field: r.field, problem: r.problem });
  }
}
