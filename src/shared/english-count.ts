const rules = new Intl.PluralRules('en');

/**
 * A number and its noun in English, as the API's messages say them ("1 minute", "2 minutes"): by
 * the language's plural rules, never by comparing with 1 (the page's texts come from the catalog).
 */
export function englishCount(n: number, one: string, other = `${one}s`): string {
  return `${n} ${rules.select(n) === 'one' ? one : other}`;
}
