import { useFormContext } from 'react-hook-form';
import { Field } from '../../ui/field';
import { type ContentForm, errorAt } from './form-values';
import { languageNameIn } from '../../../shared/locales';
import { pageLocale } from '../../i18n/locale';
import { m } from '../../i18n/paraglide/messages';

interface Props {
  /** The text's path in the document, such as `hero.headline`. */
  path: string;
  label: string;
  locales: readonly string[];
  multiline?: boolean;
}

/**
 * One text, a box per language side by side; the first language is required, the others may be
 * left empty to show the first one's text (localized-paths.ts).
 */
export function LocalizedInput({ path, label, locales, multiline = false }: Props) {
  const { register, formState } = useFormContext<ContentForm>();
  return (
    <fieldset className="grid gap-3 md:grid-cols-2">
      <legend className="sr-only">{label}</legend>
      {locales.map((locale, index) => (
        <Field
          key={locale}
          label={
            index === 0
              ? m.editor_localizedLabel({ label, locale: languageNameIn(locale, pageLocale) })
              : m.editor_localizedLabelOptional({ label, locale: languageNameIn(locale, pageLocale) })
          }
          density="admin"
          error={errorAt(formState.errors, `${path}.${locale}`)}
        >
          {(control) =>
            multiline ? (
              <textarea {...control} rows={3} lang={locale} {...register(`${path}.${locale}`)} />
            ) : (
              <input {...control} lang={locale} {...register(`${path}.${locale}`)} />
            )
          }
        </Field>
      ))}
    </fieldset>
  );
}
