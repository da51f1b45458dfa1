import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import ts from 'typescript';
import { isTestFile, relativeImports, sourceFiles } from './import-graph.js';

// The server's layers (docs/decisions/0067-dependencies-run-one-way.md): src/server/features.ts
// lists the feature folders from the bottom layer to the top, and a feature imports only its own
// folder, the features listed before it and the foundation. The foundation imports no feature.

/** Below every feature: what any of them may import. */
export const FOUNDATION = ['lib', 'db', 'jobs', 'backup', 'config.ts'];
/** The files that compose the features, free to import them all. */
export const COMPOSITION = ['app.ts', 'index.ts', 'features.ts', 'server-base.ts'];

/** The folder order of features.ts: the order of its `./<folder>/plugin.js` import specifiers. */
export function featureOrder(featuresSource: string): string[] {
  return ts
    .preProcessFile(featuresSource, true, false)
    .importedFiles.map((f) => /^\.\/([^/]+)\/plugin\.js$/.exec(f.fileName)?.[1])
    .filter((folder): folder is string => folder !== undefined);
}

export interface ServerImport {
  /** Paths relative to src/server. */
  from: string;
  specifier: string;
  to: string;
}

/** The non-test imports between the files of src/server. */
export function serverImports(serverDir: string): ServerImport[] {
  return sourceFiles(serverDir)
    .filter((file) => !isTestFile(file))
    .flatMap((file) =>
      relativeImports(file)
        .filter((i) => !relative(serverDir, i.target).startsWith('..'))
        .map((i) => ({ from: relative(serverDir, file), specifier: i.specifier, to: relative(serverDir, i.target) })),
    );
}

/** A file's folder under src/server, or its own name for a file at the top. */
const unitOf = (path: string) => path.split('/')[0]!;

/** One message per import against the layers, naming the file, the import and where to compose instead. */
export function layerProblems(imports: readonly ServerImport[], order: readonly string[]): string[] {
  const problems: string[] = [];
  const rank = (unit: string) => order.indexOf(unit);
  const listed = (unit: string) => rank(unit) >= 0 || FOUNDATION.includes(unit);
  for (const { from, specifier, to } of imports) {
    const a = unitOf(from);
    const b = unitOf(to);
    if (a === b || COMPOSITION.includes(a)) continue;
    const at = `${from} imports '${specifier}'`;
    if (!listed(a))
      problems.push(`${at}, but ${a}/ is neither in src/server/features.ts nor foundation: add its plugin there`);
    else if (COMPOSITION.includes(b))
      problems.push(`${at}, the composition root: take what it gives through the plugin's options or decorations`);
    else if (FOUNDATION.includes(b)) continue;
    else if (FOUNDATION.includes(a))
      problems.push(
        `${at}: the foundation (${FOUNDATION.join(', ')}) imports no feature; let ${b}/ hand it in from its plugin (a callback or a registry)`,
      );
    else if (!listed(b))
      problems.push(`${at}, but ${b}/ is neither in src/server/features.ts nor foundation: add its plugin there`);
    else if (rank(b) > rank(a))
      problems.push(
        `${at}: ${b}/ is above ${a}/ in src/server/features.ts; compose in ${b}/ instead (register a callback from ${b}/plugin.ts), or move what both need below ${a}/`,
      );
  }
  return problems;
}

export const readFeatureOrder = (featuresFile: string) => featureOrder(readFileSync(featuresFile, 'utf8'));
