import { describe, expect, it } from 'vitest';
import { localizeProperty, PropertySchema } from '../../../shared/content';
import { setPageLocale, setSiteContents } from '../../i18n/locale';
import demoContent from '../../../../content/property.json';
import { stayRule } from './stay-rules';

// The demo house: 2 nights at least; in summer 5, with arrivals on Saturdays only.
const content = PropertySchema.parse(demoContent);
setSiteContents(Object.fromEntries(content.locales.map((locale) => [locale, localizeProperty(content, locale)])));
const { pricing } = localizeProperty(content, 'en');

describe('stayRule', () => {
  it('says the minimum stay once the arrival is chosen, and refuses a shorter stay', () => {
    setPageLocale('en');
    expect(stayRule(pricing, '2030-03-05', null, 2, false)).toEqual({
      text: 'At least 2 nights from 5 March 2030',
      refused: false,
    });
    expect(stayRule(pricing, '2030-03-05', '2030-03-06', 2, false)).toEqual({
      text: 'At least 2 nights from 5 March 2030',
      refused: true,
    });
    expect(stayRule(pricing, '2030-03-05', '2030-03-07', 2, false)).toBeNull();
  });

  it("refuses an arrival on a day the season does not take, before the stay's length", () => {
    setPageLocale('en');
    // 3 July 2030 is a Wednesday.
    expect(stayRule(pricing, '2030-07-03', null, 2, false)).toEqual({
      text: 'Arrival day: Saturday, for stays from 3 July 2030',
      refused: true,
    });
  });

  it('refuses taken nights, and speaks Portuguese with its plurals', () => {
    setPageLocale('pt-PT');
    expect(stayRule(pricing, '2030-03-05', '2030-03-08', 2, true)).toEqual({
      text: 'Algumas destas noites estão ocupadas: escolha outras datas.',
      refused: true,
    });
    expect(stayRule(pricing, '2030-07-06', '2030-07-08', 2, false)?.text).toMatch(
      /^Pelo menos 5 noites a partir de 6 (de julho de|jul\.) 2030$/,
    );
    setPageLocale('en');
  });
});
