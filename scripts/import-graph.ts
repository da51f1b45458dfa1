import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

// The imports between the files of a source tree, read the way the compiler reads them (static,
// `export … from`, `import()` and type-only alike), for the layer and cycle tests.
const extensions = ['.ts', '.tsx'];

export function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (extensions.some((e) => name.endsWith(e)) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

export function isTestFile(path: string): boolean {
  return /\.test\.tsx?$/.test(path);
}

function resolveSpecifier(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  const stem = base.replace(/\.(js|jsx|mjs)$/, '');
  const candidates = [base, ...extensions.map((e) => stem + e), ...extensions.map((e) => join(base, 'index' + e))];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile());
}

export interface Import {
  specifier: string;
  target: string;
}

/** The relative imports of a file that land on a source file. */
export function relativeImports(file: string): Import[] {
  const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return info.importedFiles
    .map((f) => f.fileName)
    .filter((s) => s.startsWith('.'))
    .flatMap((specifier) => {
      const target = resolveSpecifier(file, specifier);
      return target && extensions.some((e) => target.endsWith(e)) ? [{ specifier, target }] : [];
    });
}

/** Every cycle's files (strongly connected components of more than one file, or a file importing itself). */
export function cycles(files: string[], root: string): string[][] {
  const edges = new Map(files.map((f) => [f, relativeImports(f).map((i) => i.target)]));
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    indices.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!edges.has(w)) continue;
      if (!indices.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indices.get(w)!));
    }
    if (low.get(v) === indices.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(relative(root, w));
      } while (w !== v);
      if (component.length > 1 || (edges.get(v) ?? []).includes(v)) found.push(component.sort());
    }
  };
  for (const f of files) if (!indices.has(f)) visit(f);
  return found;
}
