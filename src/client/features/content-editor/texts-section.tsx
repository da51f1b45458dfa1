import { useFieldArray, useFormContext } from 'react-hook-form';
import { LocalizedInput } from './localized-input';
import { blankText } from './localized-paths';
import { type ContentForm, SMALL_BUTTON } from './form-values';

/** The page's texts: name, headline, about and address, in every language side by side. */
export function TextsSection({ locales }: { locales: readonly string[] }) {
  const { control } = useFormContext<ContentForm>();
  const paragraphs = useFieldArray({ control, name: 'about.paragraphs' as never });
  const blank = blankText(locales);
  return (
    <section aria-labelledby="texts-heading" className="space-y-5 rounded-2xl bg-white p-6 shadow-sm">
      <h2 id="texts-heading" className="text-2xl font-semibold text-lake-800">
        Texts
      </h2>
      <LocalizedInput path="name" label="House name" locales={locales} />
      <LocalizedInput path="hero.headline" label="Headline" locales={locales} />
      <LocalizedInput path="hero.subheadline" label="Subheadline" locales={locales} multiline />
      <LocalizedInput path="description" label="Description for search engines" locales={locales} multiline />
      <LocalizedInput path="about.heading" label="About: heading" locales={locales} />
      {paragraphs.fields.map((field, index) => (
        <div key={field.id} className="space-y-2">
          <LocalizedInput
            path={`about.paragraphs.${index}`}
            label={`About: paragraph ${index + 1}`}
            locales={locales}
            multiline
          />
          {paragraphs.fields.length > 1 && (
            <button type="button" className={SMALL_BUTTON} onClick={() => paragraphs.remove(index)}>
              Remove paragraph {index + 1}
            </button>
          )}
        </div>
      ))}
      <button type="button" className={SMALL_BUTTON} onClick={() => paragraphs.append(blank as never)}>
        Add a paragraph
      </button>
      <LocalizedInput path="contact.address" label="Address" locales={locales} />
    </section>
  );
}
