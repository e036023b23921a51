import type { SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Locale, OperlogChange, PermCode, ThingKey, ValueLabelSet } from '@campus/contract';
import type { CampusScope, CampusTable } from '../lib/campus-scope.js';
import type { ImportRowError } from '../lib/import-rows.js';

// What a module tells the resources layer about one campus resource (students,
// rooms, ...): its table, contract schemas, perms, list order and rules. The
// routes of resources/ serve any resource described this way.

export type Values = Record<string, unknown>;

export interface Reference {
  thing: ThingKey;
  count: number;
  /** A few names of what refers, so the user knows where to look. */
  examples: string[];
}

export interface UniqueRule {
  field: string;
  column: PgColumn;
  /** The unique index that backs the check when two writes race. */
  constraint: string;
}

export interface DefaultOrder {
  column: PgColumn;
  direction: 'asc' | 'desc';
}

export interface CampusCrudSpec<T extends CampusTable> {
  thing: ThingKey;
  table: T;
  perms: { list: PermCode; add: PermCode; edit: PermCode; delete: PermCode };
  schemas: { create: z.ZodType; update: z.ZodType; query: z.ZodType; item: z.ZodType };
  /** The allow-list behind `sort`: API field → column. */
  sortColumns: Record<string, PgColumn>;
  /**
   * The list's order without `sort`, then by id. The column is not null, and
   * the kept count's version moves when it changes (migration 0011), so a page
   * boundary in this order is reusable while the version holds (decision 009).
   */
  defaultOrder: DefaultOrder;
  /** Columns `keyword` is contained in, ignoring case (decision 018). */
  keywordColumns: PgColumn[];
  /** The generated column of their grams (`search_grams`), on tables big enough to need its index. */
  keywordGrams?: PgColumn;
  filters(query: Values): (SQL | undefined)[];
  uniques: UniqueRule[];
  /** Validated body → column values. */
  toValues(body: Values): Values;
  toItem(row: T['$inferSelect']): unknown;
  /** Rules across rows: references exist in this campus, no overlapping terms, ... */
  check?(scope: CampusScope, values: Values, existing: T['$inferSelect'] | null): Promise<void>;
  /** Runs inside the write's transaction, before the write; `locale` words any refusal's details. */
  beforeWrite?(scope: CampusScope, values: Values, existing: T['$inferSelect'] | null, locale: Locale): Promise<void>;
  /** What refers to these rows; anything found blocks the delete with 409. */
  findReferences?(scope: CampusScope, ids: number[]): Promise<Reference[]>;
  /** The operation log's words for a row: "司马长风" and its number "DC2026001". */
  describeRow(row: T['$inferSelect']): { name: string; code?: string };
  /**
   * The rows the caller reaches (the data scope of their roles) as a condition
   * on the table, or undefined for every row of the campus: lists, exports and
   * reads by id see only these, writes to any other answer 404.
   */
  reach?(request: FastifyRequest): Promise<SQL | undefined>;
  /** Refuses a write the caller may not make: values outside their reach, rows that are read-only. */
  guardWrite?(request: FastifyRequest, values: Values, existing: T['$inferSelect'] | null): Promise<void>;
  /** Refuses removing rows that are read-only. */
  guardRemove?(scope: CampusScope, ids: number[], locale: Locale): Promise<void>;
  /** An update's changes for the operation log, when the plain before/after of its values does not say it well. */
  describeChanges?(scope: CampusScope, existing: T['$inferSelect'], values: Values): Promise<OperlogChange[]>;
}

/** The paging part of a list query, as the contract's query schemas validate it. */
export interface ListPageQuery {
  keyword?: unknown;
  sort?: unknown;
  page: number;
  pageSize: number;
}

export type Label = Record<Locale, string>;

/** The file side of a resource: export, import template and import (io-routes.ts, import-route.ts). */
export interface CampusIoSpec<T extends CampusTable> {
  /** Columns in file order, with their header text in both languages. */
  labels: Record<string, Label>;
  /** Fields whose values are codes with readable labels (gender: 男/Male/male). */
  valueLabels: Partial<Record<string, ValueLabelSet>>;
  perms: { import: PermCode; export: PermCode };
  fileName: Label;
  /** The natural key an import matches existing rows on, e.g. studentNo. */
  key: { field: string; column: PgColumn };
  /** Column values of a row as the export writes them (codes, dates as YYYY-MM-DD). */
  toCells(row: T['$inferSelect']): Record<string, string>;
  /**
   * What writing the valid rows makes besides them (a grade or class named for the first time), in the caller's
   * language: the check step says so before anything is written.
   */
  describeNew?(request: FastifyRequest, rows: { row: number; values: Values }[]): Promise<string[]>;
  /** Rules of the valid rows that need the database (data scope, read-only rows): the rows they refuse. */
  checkRows?(
    request: FastifyRequest,
    rows: { row: number; values: Values }[],
    columnOf: (field: string) => string,
  ): Promise<ImportRowError[]>;
}
