import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { GALLERY_CATEGORIES } from '../../../shared/content';
import { SessionEndedError } from '../../lib/use-admin-api';
import { errorText } from '../../i18n/error-text';
import { useToast } from '../../ui/toast';
import { type ContentForm, SMALL_BUTTON } from './form-values';
import { LocalizedInput } from './localized-input';
import { blankText } from './localized-paths';
import { PhotoCard } from './photo-card';
import { usePhotoLibrary } from './photo-library';
import { PhotoUploads } from './photo-uploads';
import { m } from '../../i18n/paraglide/messages';

type Entry = { photo: string; category: string; alt: Record<string, string>; key?: string };

/**
 * The gallery's photos by id, in their order, and which is the hero (docs/decisions/0026-photos-by-id.md):
 * upload, reorder by drag or keyboard (dnd-kit, in this lazy chunk only), category, alt texts,
 * remove; an uploaded photo no version shows can be deleted from the store. Edits go to the draft
 * like every other section's.
 */
export function PhotosSection({ locales }: { locales: readonly string[] }) {
  const { control, setValue, getValues } = useFormContext<ContentForm>();
  const gallery = useFieldArray({ control, name: 'gallery' as never });
  const entries = (useWatch({ control, name: 'gallery' }) as Entry[] | undefined) ?? [];
  const hero = useWatch({ control, name: 'hero.photo' as never }) as unknown as string;
  const library = usePhotoLibrary();
  const byId = new Map(library.items.map((photo) => [photo.id, photo]));
  const toast = useToast();
  const sensors = useSensors(
    useSensor(PointerSensor),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = gallery.fields.map((field) => field.id);
  const position = (id: UniqueIdentifier) => ids.indexOf(String(id)) + 1;

  const setHero = (photo: string) => setValue('hero.photo' as never, photo as never, { shouldDirty: true });
  const add = (photo: string) =>
    gallery.append({ photo, category: GALLERY_CATEGORIES[0], alt: blankText(locales) } as never);

  function remove(index: number) {
    const removed = entries[index]?.photo;
    gallery.remove(index);
    // The hero is one of the gallery's photos: the first one left takes its place.
    const left = (getValues('gallery') as Entry[]).map((e) => e.photo);
    if (removed === hero && !left.includes(removed) && left[0]) setHero(left[0]);
  }

  function onDragEnd({ active, over }: DragEndEvent) {
    if (over && active.id !== over.id) gallery.move(position(active.id) - 1, position(over.id) - 1);
  }

  const used = new Set([...entries.map((e) => e.photo), hero, getValues('about.photo' as never) as unknown as string]);
  const unused = library.items.filter((photo) => photo.source === 'uploaded' && !used.has(photo.id));

  async function deleteForGood(id: string) {
    try {
      await library.remove(id);
      toast.success(m.editor_photoDeleted());
    } catch (error) {
      if (!(error instanceof SessionEndedError)) toast.error(errorText(error));
    }
    await library.refresh();
  }

  return (
    <section aria-labelledby="photos-heading" className="space-y-5 rounded-2xl bg-white p-6 shadow-sm">
      <h2 id="photos-heading" className="text-2xl font-semibold text-lake-800">
        {m.editor_photos()}
      </h2>
      <p className="text-sm text-slate-700">{m.editor_photosHint()}</p>
      <LocalizedInput path="intros.gallery" label={m.editor_galleryIntro()} locales={locales} />
      <PhotoUploads
        onUploaded={(photo) => {
          add(photo.id);
          void library.refresh();
        }}
      />
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements: {
            onDragStart: ({ active }) => m.editor_dragStart({ number: position(active.id) }),
            onDragOver: ({ active, over }) =>
              over ? m.editor_dragOver({ number: position(active.id), position: position(over.id) }) : undefined,
            onDragEnd: ({ active, over }) =>
              over ? m.editor_dragEnd({ number: position(active.id), position: position(over.id) }) : undefined,
            onDragCancel: ({ active }) => m.editor_dragCancel({ number: position(active.id) }),
          },
        }}
      >
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <ol aria-label={m.editor_galleryPhotos()} className="space-y-3">
            {gallery.fields.map((field, index) => {
              const photo = entries[index]?.photo ?? '';
              return (
                <PhotoCard
                  key={field.id}
                  sortId={field.id}
                  index={index}
                  photoId={photo}
                  library={byId}
                  locales={locales}
                  isHero={photo === hero}
                  onHero={() => setHero(photo)}
                  onRemove={() => remove(index)}
                />
              );
            })}
          </ol>
        </SortableContext>
      </DndContext>
      {unused.length > 0 && (
        <div className="space-y-2 border-t border-slate-100 pt-4">
          <h3 className="text-lg font-semibold text-lake-800">{m.editor_unusedPhotos()}</h3>
          <ul className="flex flex-wrap gap-4">
            {unused.map((photo, index) => (
              <li key={photo.id} className="space-y-2" data-testid="unused-photo">
                <img src={photo.thumbnail} alt="" loading="lazy" width={120} className="w-32 rounded-lg" />
                <div className="flex gap-2">
                  <button type="button" className={SMALL_BUTTON} onClick={() => add(photo.id)}>
                    {m.editor_addUnused({ number: index + 1 })}
                  </button>
                  <button type="button" className={SMALL_BUTTON} onClick={() => void deleteForGood(photo.id)}>
                    {m.editor_deleteUnused({ number: index + 1 })}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
