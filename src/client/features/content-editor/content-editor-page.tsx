import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorWithRetry } from '../../ui/error-with-retry';
import { type ContentDocument, CONTENT_KEY, useContentState, VERSIONS_KEY } from './content-api';
import { EditorForm } from './editor-form';
import { m } from '../../i18n/paraglide/messages';

/**
 * The owner's editor of the site's content: edits go to a draft, Preview shows the real page
 * rendered from it, Publish makes it live, History restores any version as a new draft.
 */
export function ContentEditorPage() {
  const state = useContentState();
  const queryClient = useQueryClient();
  // Each load of the draft is a fresh form: a save, a publish, a restore or "Load the latest draft".
  const [generation, setGeneration] = useState(0);
  const reload = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: CONTENT_KEY, exact: true }),
      queryClient.invalidateQueries({ queryKey: VERSIONS_KEY }),
    ]);
    setGeneration((g) => g + 1);
  };
  if (state.isPending) return <p className="p-8">{m.editor_loading()}</p>;
  if (state.isError)
    return (
      <div className="p-8">
        <ErrorWithRetry
          message={m.editor_loadError()}
          retryLabel={m.editor_retry()}
          onRetry={() => void state.refetch()}
        />
      </div>
    );
  const { published, draft } = state.data;
  const content = (draft?.content ?? published.content) as ContentDocument;
  return (
    <EditorForm
      key={`${generation}-${draft?.baseVersion ?? `v${published.version}`}`}
      content={content}
      baseVersion={draft?.baseVersion ?? published.version}
      draftSavedAt={draft?.updatedAt}
      published={published}
      stripeConfigured={state.data.stripeConfigured}
      reload={reload}
    />
  );
}
