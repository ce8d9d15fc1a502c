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
});
