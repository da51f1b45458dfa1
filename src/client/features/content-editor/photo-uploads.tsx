import { useId, useRef, useState } from 'react';
import { ApiError } from '../../lib/api';
import { errorText } from '../../i18n/error-text';
import { m } from '../../i18n/paraglide/messages';
import { SMALL_BUTTON } from './form-values';
import { type UploadedPhoto, uploadPhoto } from './photo-library';

interface Upload {
  key: number;
  file: File;
  /** Share sent, 0 to 1. */
  sent: number;
  state: 'waiting' | 'sending' | 'failed';
  error?: string;
}

/** What to tell the owner about a refused file, from the catalog by its code. */
function uploadError(error: unknown): string {
  if (error instanceof ApiError && error.code === 'unsupported_media_type') return m.errors_photoNotAPhoto();
  if (error instanceof ApiError && error.code === 'payload_too_large') return m.errors_photoTooLarge();
  return errorText(error);
}

/**
 * Adds photos by drag and drop or the file picker: each file its own upload, one after the other
 * (the server encodes one at a time anyway), with its progress, and a retry when it fails.
 */
export function PhotoUploads({ onUploaded }: { onUploaded: (photo: UploadedPhoto) => void }) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [over, setOver] = useState(false);
  const queue = useRef<Upload[]>([]);
  const running = useRef(false);
  const nextKey = useRef(0);
  const inputId = useId();

  const patch = (key: number, change: Partial<Upload>) =>
    setUploads((all) => all.map((u) => (u.key === key ? { ...u, ...change } : u)));

  async function drain() {
    if (running.current) return;
    running.current = true;
    for (let next = queue.current.shift(); next; next = queue.current.shift()) {
      const { key, file } = next;
      patch(key, { state: 'sending', sent: 0, error: undefined });
      try {
        const photo = await uploadPhoto(file, (sent) => patch(key, { sent }));
        setUploads((all) => all.filter((u) => u.key !== key));
        onUploaded(photo);
      } catch (error) {
        patch(key, { state: 'failed', error: uploadError(error) });
      }
    }
    running.current = false;
  }

  function add(files: Iterable<File>) {
    const added = [...files].map((file) => ({ key: nextKey.current++, file, sent: 0, state: 'waiting' as const }));
    if (added.length === 0) return;
    setUploads((all) => [...all, ...added]);
    queue.current.push(...added);
    void drain();
  }

  function retry(upload: Upload) {
    patch(upload.key, { state: 'waiting', sent: 0, error: undefined });
    queue.current.push(upload);
    void drain();
  }

  return (
    <div className="space-y-3">
      <div
        data-testid="photo-drop"
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(event) => {
          event.preventDefault();
          setOver(false);
          add(event.dataTransfer.files);
        }}
        className={`rounded-xl border-2 border-dashed p-6 text-center text-sm text-slate-700 ${over ? 'border-lake-600 bg-lake-50' : 'border-slate-300'}`}
      >
        <p>{m.editor_dropPhotos()}</p>
        <label htmlFor={inputId} className={`${SMALL_BUTTON} mt-2 inline-block cursor-pointer`}>
          {m.editor_addPhotos()}
        </label>
        <input
          id={inputId}
          type="file"
          multiple
          accept="image/*"
          className="sr-only"
          onChange={(event) => {
            add(event.currentTarget.files ?? []);
            event.currentTarget.value = '';
          }}
        />
        <p className="mt-2 text-xs text-slate-600">{m.editor_photoFormats()}</p>
      </div>
      {uploads.length > 0 && (
        <ul aria-label={m.editor_uploads()} className="space-y-2">
          {uploads.map((upload) => (
            <li key={upload.key} className="rounded-lg border border-slate-200 p-3 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium">{upload.file.name}</span>
                {upload.state === 'failed' && (
                  <button type="button" className={SMALL_BUTTON} onClick={() => retry(upload)}>
                    {m.editor_retryUpload({ name: upload.file.name })}
                  </button>
                )}
              </div>
              {upload.state === 'failed' ? (
                <p role="alert" className="mt-1 text-red-800">
                  {upload.error}
                </p>
              ) : (
                <progress
                  className="mt-2 w-full"
                  aria-label={m.editor_uploading({ name: upload.file.name })}
                  max={1}
                  value={upload.state === 'waiting' ? 0 : upload.sent}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
