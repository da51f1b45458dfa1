import { useFieldArray, useFormContext } from 'react-hook-form';
import { LocalizedInput } from './localized-input';
import { blankText } from './localized-paths';
import { type ContentForm, SMALL_BUTTON } from './form-values';
import { m } from '../../i18n/paraglide/messages';

/** The page's texts: name, headline, about and address, in every language side by side. */
export function TextsSection({ locales }: { locales: readonly string[] }) {
  const { control } = useFormContext<ContentForm>();
  const paragraphs = useFieldArray({ control, name: 'about.paragraphs' as never });
  const blank = blankText(locales);
  return (
    <section aria-labelledby="texts-heading" className="space-y-5 rounded-2xl bg-white p-6 shadow-sm">
      <h2 id="texts-heading" className="text-2xl font-semibold text-lake-800">
        {m.editor_texts()}
      </h2>
      <LocalizedInput path="name" label={m.editor_houseName()} locales={locales} />
      <LocalizedInput path="hero.headline" label={m.editor_headline()} locales={locales} />
      <LocalizedInput path="hero.subheadline" label={m.editor_subheadline()} locales={locales} multiline />
      <LocalizedInput path="description" label={m.editor_seoDescription()} locales={locales} multiline />
      <LocalizedInput path="about.heading" label={m.editor_aboutHeading()} locales={locales} />
      {paragraphs.fields.map((field, index) => (
        <div key={field.id} className="space-y-2">
          <LocalizedInput
            path={`about.paragraphs.${index}`}
            label={m.editor_aboutParagraph({ number: index + 1 })}
            locales={locales}
            multiline
          />
          {paragraphs.fields.length > 1 && (
            <button type="button" className={SMALL_BUTTON} onClick={() => paragraphs.remove(index)}>
              {m.editor_removeParagraph({ number: index + 1 })}
            </button>
          )}
        </div>
      ))}
      <button type="button" className={SMALL_BUTTON} onClick={() => paragraphs.append(blank as never)}>
        {m.editor_addParagraph()}
      </button>
      <LocalizedInput path="contact.address" label={m.editor_address()} locales={locales} />
    </section>
  );
}
