import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as schema from '@server/db/schema.js';

export interface TablePlan {
  /** The SQL name, e.g. `image_jobs`. */
  name: string;
  /** Primary key columns: the stable order rows are read in, and what a repeated insert conflicts on. */
  primaryKey: string[];
  /**
   * Columns that reference the table itself (a job's source version): written empty with the row and filled in once
   * every row of the table is there, since a row may point at one read later.
   */
  selfReferences: string[];
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
export const quoteIdent = quote;

/**
 * Every table of the schema in an order that inserts a row only after the rows it references (foreign keys), so the
 * target's constraints hold after every batch.
 */
export function tablesInDependencyOrder(): TablePlan[] {
  const configs = Object.values(schema as Record<string, unknown>)
    .filter((value): value is PgTable => value instanceof PgTable)
    .map((table) => getTableConfig(table));
  const byName = new Map(configs.map((c) => [c.name, c]));
  const ordered: TablePlan[] = [];
  const placed = new Set<string>();
  const visit = (name: string, path: string[]) => {
    if (placed.has(name)) return;
    if (path.includes(name)) throw new Error(`foreign keys form a cycle: ${[...path, name].join(' → ')}`);
    const config = byName.get(name)!;
    const selfReferences: string[] = [];
    for (const fk of config.foreignKeys) {
      const ref = fk.reference();
      const parent = getTableConfig(ref.foreignTable).name;
      if (parent === name) selfReferences.push(...ref.columns.map((c) => c.name));
      else visit(parent, [...path, name]);
    }
    const primaryKey = [...config.columns.filter((c) => c.primary).map((c) => c.name), ...config.primaryKeys.flatMap((pk) => pk.columns.map((c) => c.name))];
    if (primaryKey.length === 0) throw new Error(`table ${name} has no primary key`);
    ordered.push({ name, primaryKey, selfReferences });
    placed.add(name);
  };
  for (const c of [...configs].sort((a, b) => a.name.localeCompare(b.name))) visit(c.name, []);
  return ordered;
}
