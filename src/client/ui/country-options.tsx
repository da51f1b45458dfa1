import { countryList, type CountryOption } from '../../shared/countries';
import { pageLocale } from '../i18n/locale';

let list: CountryOption[] | undefined;

/** The one country list, named and sorted in the page's language, made once per page. */
export const pageCountries = (): CountryOption[] => (list ??= countryList(pageLocale));

/**
 * Every form's country choices, the same list everywhere (shared/countries.ts): the value is the
 * alpha-2 code (booking, tax number) or the alpha-3 code (a guest's bulletin), as the form's API takes.
 */
export function CountryOptions({ code }: { code: 'alpha2' | 'alpha3' }) {
  return (
    <>
      {pageCountries().map((c) => (
        <option key={c[code]} value={c[code]}>
          {c.name}
        </option>
      ))}
    </>
  );
}
