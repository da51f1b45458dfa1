import { describe, expect, it } from 'vitest';
import propertyFile from '../../../../content/property.json?raw';
import { PropertySchema } from '../../../shared/content';
import type { ContentDocument } from './content-api';
import { fieldOfIssue, fromEditable, toEditable } from './localized-paths';

const file = JSON.parse(propertyFile) as ContentDocument;

describe('the editor holds every text by language', () => {
  it('gives a plain text a box per language, the first filled, and writes it back plain', () => {
    const doc = { ...structuredClone(file), name: 'Casa do Lago' };
    const editable = toEditable(doc);
    expect(editable.name).toEqual({ en: 'Casa do Lago', 'pt-PT': '' });
    expect(fromEditable(editable)).toEqual(doc);
  });

  it('round-trips the repository content unchanged, and the result passes the content schema', () => {
    const back = fromEditable(toEditable(file));
    expect(back).toEqual(file);
    expect(PropertySchema.safeParse(back).success).toBe(true);
  });

  it('keeps a second language once it is filled, and shows a missing first language on its box', () => {
    const editable = toEditable(file);
    (editable.hero as { headline: Record<string, string> }).headline = { en: '', 'pt-PT': 'Só em português' };
    const back = fromEditable(editable);
    expect((back.hero as { headline: unknown }).headline).toEqual({ en: '', 'pt-PT': 'Só em português' });
    const result = PropertySchema.safeParse(back);
    expect(result.success).toBe(false);
    // The schema names the language in the path (hero.headline.en): the box of that language.
    const issue = result.error?.issues.find((i) => i.path.join('.').startsWith('hero.headline'));
    expect(issue).toBeDefined();
    expect(fieldOfIssue(back, issue!.path)).toBe('hero.headline.en');
    expect(fieldOfIssue(back, ['pricing', 'nightly'])).toBe('pricing.nightly');
    // A text's own problem (an empty plain text) goes to the first language's box.
    expect(fieldOfIssue(back, ['name'])).toBe('name.en');
  });
});
