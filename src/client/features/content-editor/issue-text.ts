import { m } from '../../i18n/paraglide/messages';

/**
 * The schema's problems with a field, in the page's language. The content schema is shared with
 * the server and words its problems in English; the common ones are read back from the catalog
 * (the English text is the same), any other keeps the schema's words.
 */
const KNOWN: readonly [RegExp, (found: RegExpExecArray) => string][] = [
  [/^must not be empty$/, () => m.editor_issue_empty()],
  [/^missing the (\S+) translation$/, ([, locale]) => m.editor_issue_missingTranslation({ locale: locale! })],
  [/^must be from (-?\d+) to (-?\d+)$/, ([, min, max]) => m.editor_issue_range({ min: min!, max: max! })],
  [/^must be at least (-?\d+)$/, ([, min]) => m.editor_issue_atLeast({ min: min! })],
  [/^must be at most (-?\d+)$/, ([, max]) => m.editor_issue_atMost({ max: max! })],
  [/^must not be negative$/, () => m.editor_issue_negative()],
  [/^must be a whole number$/, () => m.editor_issue_whole()],
  [/^must be a whole number of days$/, () => m.editor_issue_wholeDays()],
  [/^must be a time such as 15:00$/, () => m.editor_issue_time()],
  [/^must be a colour such as #245349$/, () => m.editor_issue_colour()],
  [/^must be a day of the year such as 07-01$/, () => m.editor_issue_monthDay()],
  [/^must be a three-letter currency code such as EUR$/, () => m.editor_issue_currency()],
  [/^is not a valid IBAN$/, () => m.editor_issue_iban()],
  [/^is not a valid BIC$/, () => m.editor_issue_bic()],
];

export function issueText(issue: { message: string }): string {
  for (const [pattern, text] of KNOWN) {
    const found = pattern.exec(issue.message);
    if (found) return text(found);
  }
  return issue.message;
}
