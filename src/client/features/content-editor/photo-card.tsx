import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useFormContext } from 'react-hook-form';
import { GALLERY_CATEGORIES } from '../../../shared/content';
import type { LibraryPhoto } from '../../../shared/photo-library';
import { Field } from '../../ui/field';
import { categoryLabel } from '../../i18n/labels';
import { type ContentForm, errorAt, SMALL_BUTTON } from './form-values';
import { LocalizedInput } from './localized-input';
import { m } from '../../i18n/paraglide/messages';

interface Props {
  /** The sortable item's id: the form's own id of the entry. */
  sortId: string;
  index: number;
  photoId: string;
  library: ReadonlyMap<string, LibraryPhoto>;
  locales: readonly string[];
  isHero: boolean;
  onHero: () => void;
  onRemove: () => void;
}

/** One photo of the gallery: its thumbnail, a handle to move it (by drag or keyboard), its hero choice, category and alt texts. */
export function PhotoCard({ sortId, index, photoId, library, locales, isHero, onHero, onRemove }: Props) {
  const { register, formState } = useFormContext<ContentForm>();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: sortId,
  });
  const photo = library.get(photoId);
  const number = index + 1;
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-testid="gallery-photo"
      data-photo={photoId}
      className={`grid gap-4 rounded-xl border bg-white p-4 md:grid-cols-[auto_10rem_1fr] ${isDragging ? 'z-10 border-lake-600 shadow-lg' : 'border-slate-200'}`}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={m.editor_movePhoto({ number })}
        className="h-10 w-10 cursor-grab touch-none rounded-lg border border-slate-300 text-lg text-slate-700 hover:bg-slate-50"
      >
        <span aria-hidden="true">⠿</span>
      </button>
      <div>
        {photo ? (
          <img
            src={photo.thumbnail}
            alt=""
            loading="lazy"
            width={160}
            height={Math.round((160 * photo.height) / photo.width)}
            className="w-40 rounded-lg object-cover"
          />
        ) : (
          <p className="w-40 break-all text-xs text-slate-600">{photoId}</p>
        )}
        {errorAt(formState.errors, `gallery.${index}.photo`) && (
          <p className="mt-1 text-sm text-red-800">{errorAt(formState.errors, `gallery.${index}.photo`)}</p>
        )}
      </div>
      <div className="space-y-3">
        <div className="flex flex-wrap items-end gap-4">
          <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
            <input type="radio" name="hero-photo" checked={isHero} onChange={onHero} />
            {m.editor_photoIsHero({ number })}
          </label>
          <Field label={m.editor_photoCategory({ number })} density="admin" inline>
            {(control) => (
              <select {...control} {...register(`gallery.${index}.category`)}>
                {GALLERY_CATEGORIES.map((category) => (
                  <option key={category} value={category}>
                    {categoryLabel[category]()}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <button type="button" className={SMALL_BUTTON} onClick={onRemove}>
            {m.editor_removePhoto({ number })}
          </button>
        </div>
        <LocalizedInput path={`gallery.${index}.alt`} label={m.editor_photoAlt({ number })} locales={locales} />
      </div>
    </li>
  );
}
