/**
 * The list and search queries of the catalogue API on PostgreSQL, compiled by the repository
 * functions (repositories/workLists.ts, searchSql.ts) the way services/catalogue/lists.ts compiles them,
 * for the works, tag, voice actor and search terms of the generated catalogue (catalogueCopy.ts), and
 * their plans: which scans of `works` each uses. The index test fails on a sequential scan of
 * works; the million benchmark prints the plans.
 */
import { compileTerm, parseKeyword, type SearchFilter } from '@sasayaki/contract';
import { CompiledQuery, sql } from 'kysely';
import type { Db } from '../../src/db/connect.ts';
import type { Queryable } from '../../src/repositories/queryable.ts';
import { compileSearchFilters } from '../../src/repositories/searchSql.ts';
import {
  countQuery,
  filteredWorks,
  type ListOrder,
  pageIdsQuery,
  type WorkListFilter,
} from '../../src/repositories/workLists.ts';
import { MILLION_FACTS } from './catalogueCopy.ts';
import { vaId } from './seed.ts';

const searchFilters = (keyword: string): SearchFilter[] =>
  parseKeyword(keyword).flatMap((term) => {
    const compiled = compileTerm(term);
    return compiled.ok && compiled.filter ? [compiled.filter] : [];
  });

interface ListCase {
  name: string;
  keyword?: string;
  filter?: WorkListFilter;
  order?: ListOrder;
  sort?: 'asc' | 'desc';
  page?: number;
  /** The count query too (the service counts unless a lone term counted itself). */
  count?: boolean;
}

function cases(): ListCase[] {
  const f = MILLION_FACTS;
  return [
    { name: 'list (default order)', count: true },
    { name: 'list by release', order: 'release' },
    { name: 'deep page 1000 by release', order: 'release', page: 1000 },
    { name: 'list by downloads', order: 'dl_count' },
    { name: 'list by rating (anonymous)', order: 'rating' },
    { name: 'list by review count', order: 'review_count' },
    { name: 'list by price', order: 'price', sort: 'asc' },
    { name: 'list random', order: 'random' },
    { name: 'list by title (Subsonic)', order: 'title', sort: 'asc' },
    {
      name: 'tag works',
      filter: { scope: { kind: 'entity', entity: 'tags', id: 3 } },
      count: true,
    },
    {
      name: 'voice actor works',
      filter: { scope: { kind: 'entity', entity: 'vas', id: vaId(f.va) } },
      count: true,
    },
    {
      name: 'circle works',
      filter: { scope: { kind: 'entity', entity: 'circles', id: 1 } },
      count: true,
    },
    { name: 'search tag', keyword: `$tag:${f.tag}$`, count: true },
    {
      name: 'search tag + voice actor + rating',
      keyword: `$tag:${f.tag}$ $va:${f.va}$ $rate:4$`,
      count: true,
    },
    {
      name: 'search tag + VA exclusion + rating',
      keyword: `$tag:${f.tag}$ $-va:${f.va}$ $rate:4.2$`,
      count: true,
    },
    { name: 'search Latin word', keyword: f.latinWord, count: true },
    { name: 'search one letter', keyword: f.latinWord.slice(0, 1), count: true },
    { name: 'search two letters', keyword: f.latinWord.slice(0, 2), count: true },
    { name: 'search 2-character CJK word', keyword: f.cjkWord, count: true },
    { name: 'search 3-character CJK word', keyword: '耳かき', count: true },
  ];
}

export interface ListPlan {
  name: string;
  sql: string;
  /** The scan nodes of the plan: `Index Scan on works using …`, `Seq Scan on work_tags`, … */
  scans: string[];
  seqScanOfWorks: boolean;
  /** Execution time (EXPLAIN ANALYZE), or 0 when only planned. */
  ms: number;
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function scansOf(node: PlanNode, out: string[]): string[] {
  if (node['Relation Name']) {
    const using = node['Index Name'] ? ` using ${node['Index Name']}` : '';
    out.push(`${node['Node Type']} on ${node['Relation Name']}${using}`);
  }
  for (const child of node.Plans ?? []) scansOf(child, out);
  return out;
}

/**
 * Plans (and with `analyze`, runs) every list and search query on a PostgreSQL catalogue.
 * `indexesFirst`: sequential scans are priced out (`enable_seqscan = off`), so a small catalogue
 * shows whether an index can serve each query, as the planner would choose it at a million works;
 * a query no index serves still plans a sequential scan.
 */
export async function explainListQueries(
  db: Db,
  opts: { analyze?: boolean; indexesFirst?: boolean } = {},
): Promise<ListPlan[]> {
  return db.transaction().execute(async (tx) => {
    if (opts.indexesFirst) await sql`set local enable_seqscan = off`.execute(tx);
    const out: ListPlan[] = [];
    for (const c of cases()) out.push(...(await explainCase(tx, c, opts.analyze ?? true)));
    return out;
  });
}

async function explainCase(db: Queryable, c: ListCase, analyze: boolean): Promise<ListPlan[]> {
  const out: ListPlan[] = [];
  const search = await compileSearchFilters(c.keyword ? searchFilters(c.keyword) : [], db, 'postgres');
  const base = filteredWorks(db, c.filter ?? {}, search);
  const order = { order: c.order, sort: c.sort ?? 'desc', userId: null, scope: c.filter?.scope };
  const queries: [string, CompiledQuery][] = [
    [c.name, pageIdsQuery(base.page, order, 20, ((c.page ?? 1) - 1) * 20)],
  ];
  if (c.count) queries.push([`${c.name} (count)`, countQuery(base.count)]);
  for (const [name, q] of queries) {
    const explain = `explain (${analyze ? 'analyze, ' : ''}format json) ${q.sql}`;
    const r = await db.executeQuery<{ 'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time'?: number }] }>(
      CompiledQuery.raw(explain, [...q.parameters]),
    );
    const plan = r.rows[0]!['QUERY PLAN'][0];
    const scans = scansOf(plan.Plan, []);
    out.push({
      name,
      sql: q.sql,
      scans,
      seqScanOfWorks: scans.some((s) => s.startsWith('Seq Scan on works')),
      ms: plan['Execution Time'] ?? 0,
    });
  }
  return out;
}
