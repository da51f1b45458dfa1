import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compile } from '@inlang/paraglide-js';

// Compiles the interface texts (src/client/i18n/messages/<locale>.json) into typed functions, after
// checking that every locale has exactly the base locale's keys and placeholders: Paraglide would
// fall back to the base text instead (docs/decisions/0011-languages.md). Runs before typecheck and build.
const I18N_DIR = 'src/client/i18n';
const project = join(I18N_DIR, 'project.inlang');
const settings = JSON.parse(readFileSync(join(project, 'settings.json'), 'utf8')) as {
  baseLocale: string;
  locales: string[];
};

type Messages = Record<string, unknown>;
const read = (locale: string) => {
  const messages = JSON.parse(readFileSync(join(I18N_DIR, 'messages', `${locale}.json`), 'utf8')) as Messages;
  delete messages.$schema;
  return messages;
};
/** The inputs a message takes: its `{placeholders}` and a variant's `input` declarations. */
const inputsOf = (message: unknown) => {
  const text = JSON.stringify(message);
  const names = [...text.matchAll(/\{(\w+)\}|"input (\w+)"/g)].map((m) => m[1] ?? m[2]);
  return [...new Set(names.filter((name) => !/Plural$/.test(name ?? '')))].sort().join(', ');
};

const base = read(settings.baseLocale);
const problems: string[] = [];
for (const locale of settings.locales.filter((l) => l !== settings.baseLocale)) {
  const messages = read(locale);
  for (const key of Object.keys(base)) {
    if (!(key in messages)) problems.push(`${locale}.json: missing "${key}"`);
    else if (inputsOf(messages[key]) !== inputsOf(base[key]))
      problems.push(
        `${locale}.json: "${key}" takes {${inputsOf(messages[key])}}, ${settings.baseLocale}.json's takes {${inputsOf(base[key])}}`,
      );
  }
  for (const key of Object.keys(messages))
    if (!(key in base)) problems.push(`${locale}.json: "${key}" is not in ${settings.baseLocale}.json`);
}
if (problems.length > 0) {
  console.error(`The message files do not match:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}

// Compiling takes about 10 s on a small machine, so it is skipped when the settings, the message
// files, this script and Paraglide are what the last compile was made from.
const OUT_DIR = join(I18N_DIR, 'paraglide');
const STAMP = join(OUT_DIR, '.compiled-from');
const paraglideVersion = (
  JSON.parse(readFileSync('node_modules/@inlang/paraglide-js/package.json', 'utf8')) as { version: string }
).version;
const inputs = createHash('sha256')
  .update(paraglideVersion)
  .update(readFileSync(import.meta.filename))
  .update(readFileSync(join(project, 'settings.json')))
  .update(
    settings.locales.map((locale) => readFileSync(join(I18N_DIR, 'messages', `${locale}.json`), 'utf8')).join('\0'),
  )
  .digest('hex');
const upToDate =
  existsSync(join(OUT_DIR, 'messages.js')) && existsSync(STAMP) && readFileSync(STAMP, 'utf8') === inputs;
if (!upToDate) {
  await compile({
    project,
    outdir: OUT_DIR,
    // The page sets its locale once, from <html lang>, before the first render.
    strategy: ['globalVariable', 'baseLocale'],
    emitTsDeclarations: true,
    emitReadme: false,
    emitPrettierIgnore: false,
    isServer: 'import.meta.env.SSR',
  });
  writeFileSync(STAMP, inputs);
}

// The calendars take their month and day names from date-fns, one module per page locale, in the
// page's language. Which ones follows from the configured locales, so a new language needs no code:
// its own module (fr-CA.js), else its language's (pt-PT → pt.js); without either (en), the
// picker's own English.
const DATE_FNS_LOCALES = 'node_modules/date-fns/locale';
const exportName = (file: string) => file.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
const pickerLocales = [...new Set(settings.locales)].flatMap((locale) => {
  const file = [locale, locale.split('-')[0]].find((name) => name && existsSync(join(DATE_FNS_LOCALES, `${name}.js`)));
  return file ? [{ locale, file }] : [];
});
const files = [...new Set(pickerLocales.map((p) => p.file))];
const dateLocales = join(I18N_DIR, 'paraglide', 'date-locales.ts');
const dateLocalesSource = [
  '// Written by scripts/compile-messages.ts.',
  "import type { Locale } from 'date-fns';",
  ...files.map((file) => `import { ${exportName(file)} } from 'date-fns/locale/${file}';`),
  `export const DATE_FNS_LOCALES: Readonly<Record<string, Locale>> = { ${pickerLocales.map((p) => `'${p.locale}': ${exportName(p.file)}`).join(', ')} };`,
  '',
].join('\n');
// Written only when it changes: a type check and a build may run side by side (scripts/test.ts).
if (!existsSync(dateLocales) || readFileSync(dateLocales, 'utf8') !== dateLocalesSource)
  writeFileSync(dateLocales, dateLocalesSource);

// The inlang SDK behind compile() leaves about 25 s of timers running after it resolves, which
// kept every build and type check waiting; everything is written, so the script ends here.
process.exit(0);
