import { afterEach, describe, expect, it } from 'vitest';
import { localizeProperty, PropertySchema } from '../../../shared/content';
import demoContent from '../../../../content/property.json';
import { setPageLocale, setSiteContents } from '../../i18n/locale';
import { issueText } from './issue-text';

// The page speaks one of the demo house's languages.
const demo = PropertySchema.parse(demoContent);
setSiteContents(Object.fromEntries(demo.locales.map((locale) => [locale, localizeProperty(demo, locale)])));

/** The demo content with a refund above 100 %, a headline missing its English and an empty IBAN holder. */
function issues() {
  const content = structuredClone(demoContent) as typeof demoContent;
  content.booking.cancellation[0]!.refundPercent = 250;
  content.hero.headline.en = '';
  const checked = PropertySchema.safeParse(content);
  if (checked.success) throw new Error('the broken content passed');
  return checked.error.issues;
}

describe('issueText', () => {
  afterEach(() => setPageLocale('en'));

  it('keeps the schema’s English words', () => {
    setPageLocale('en');
    for (const issue of issues()) expect(issueText(issue)).toBe(issue.message);
  });

  it('says the common problems in Portuguese, with their numbers and language tags', () => {
    setPageLocale('pt-PT');
    expect(issues().map(issueText).sort()).toEqual(['falta a tradução en', 'tem de estar entre 0 e 100']);
  });

  it('leaves a problem it does not know in the schema’s words', () => {
    setPageLocale('pt-PT');
    expect(issueText({ message: 'is something new' })).toBe('is something new');
  });
});
