import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

// Biome's noImportCycles sees cycles between files; this sees them between the server's modules
// (the folders of server/src/modules), where a cycle means two features that cannot be built,
// tested or removed one without the other. Type-only imports count: they tie the designs together.
const MODULES = resolve(import.meta.dirname, 'modules');
const IMPORT = /(?:import|export)\s[^'"]*?from\s+'(\.[^']+)'/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const moduleOf = (file: string): string | null => {
  const rel = relative(MODULES, file);
  return rel.startsWith('..') ? null : (rel.split(sep)[0] ?? null);
};

function moduleGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(MODULES)) {
    const from = moduleOf(file)!;
    const edges = graph.get(from) ?? graph.set(from, new Set()).get(from)!;
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const to = moduleOf(resolve(file, '..', spec!));
      if (to && to !== from) edges.add(to);
    }
  }
  return graph;
}

/** Every cycle found by a depth-first walk, each as the path that closes it. */
function cyclesOf(graph: Map<string, Set<string>>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const walk = (node: string, path: string[]) => {
    state.set(node, 'open');
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') cycles.push([...path.slice(path.indexOf(next)), node, next]);
      else if (!state.has(next)) walk(next, [...path, node]);
    }
    state.set(node, 'done');
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) walk(node, []);
  return cycles;
}

/** Each table's module, from the `pgTable('name')` declarations of every module's tables.ts. */
function tableOwners(): { byName: Map<string, string>; byExport: Map<string, string> } {
  const byName = new Map<string, string>();
  const byExport = new Map<string, string>();
  for (const file of sourceFiles(MODULES).filter((f) => f.endsWith(`${sep}tables.ts`))) {
    const owner = moduleOf(file)!;
    for (const [, exported, name] of readFileSync(file, 'utf8').matchAll(/export const (\w+) = pgTable\(\s*'([a-z_]+)'/g)) {
      byName.set(name!, owner);
      byExport.set(exported!, owner);
    }
  }
  return { byName, byExport };
}

const SQL_TEXT = /sql(?:\.raw\()?`([^`]*)`/g;
const SQL_TABLE = /\b(?:from|into|update|join|table)\s+([a-z_]+)/gi;
const DRIZZLE_WRITE = /\.(?:update|insert|delete)\((\w+)\)/g;

/**
 * Where a module's source names another module's table in SQL text (`insert into traffic_lots`), or
 * writes another module's table through Drizzle (`.update(memberUsers)`). Reading another module's
 * table through Drizzle (a join for a list) stays allowed: the rule is about who changes what.
 */
function foreignTableUses(
  module: string,
  source: string,
  owners: { byName: Map<string, string>; byExport: Map<string, string> },
): string[] {
  const found: string[] = [];
  for (const [, text] of source.matchAll(SQL_TEXT))
    for (const [, table] of text!.matchAll(SQL_TABLE)) {
      const owner = owners.byName.get(table!);
      if (owner && owner !== module) found.push(`SQL names ${table} (${owner})`);
    }
  for (const [, table] of source.matchAll(DRIZZLE_WRITE)) {
    const owner = owners.byExport.get(table!);
    if (owner && owner !== module) found.push(`writes ${table} (${owner})`);
  }
  return found;
}

describe('server module graph', () => {
  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
    ]);
    expect(cyclesOf(graph)).toEqual([['a', 'b', 'c', 'a']]);
  });

  it('has no cycle between modules', () => {
    const cycles = cyclesOf(moduleGraph()).map((cycle) => cycle.join(' → '));
    expect(
      cycles,
      'Modules of server/src/modules import each other in a circle. Break it the way payments does: the ' +
        'lower module defines a registry or an interface and the higher one registers with it at start-up ' +
        '(docs/decisions/0018-enforced-boundaries.md).',
    ).toEqual([]);
  });

  it("finds a module's SQL or write on another module's table, and not a read through Drizzle", () => {
    const owners = {
      byName: new Map([
        ['traffic_lots', 'accounts'],
        ['recharge_orders', 'orders'],
      ]),
      byExport: new Map([
        ['memberUsers', 'accounts'],
        ['rechargeOrders', 'orders'],
      ]),
    };
    const source = [
      'await tx.execute(sql`update recharge_orders set x = 1`);',
      'await tx.execute(sql`insert into traffic_lots (user_id) values (1)`);',
      'await tx.update(memberUsers).set({});',
      'await db.select().from(memberUsers).innerJoin(rechargeOrders, on);',
    ].join('\n');
    expect(foreignTableUses('orders', source, owners)).toEqual([
      'SQL names traffic_lots (accounts)',
      'writes memberUsers (accounts)',
    ]);
  });

  it("has no module that names another module's table in SQL or writes it", () => {
    const owners = tableOwners();
    const found = sourceFiles(MODULES).flatMap((file) =>
      foreignTableUses(moduleOf(file)!, readFileSync(file, 'utf8'), owners).map((use) => `${relative(MODULES, file)}: ${use}`),
    );
    expect(
      found,
      "Only a table's module writes it (issue 30): export a function from the owner that takes the caller's " +
        'transaction, as accounts does with creditOrderTraffic and recordCertification.',
    ).toEqual([]);
  });
});
