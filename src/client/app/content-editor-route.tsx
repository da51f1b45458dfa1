import { ContentEditorPage } from '../features/content-editor/content-editor-page';
import { m } from '../i18n/paraglide/messages';
import { AdminFrame } from './admin-frame';

/** /admin/content: the owner's editor, a screen of its own so its code loads only there. */
export function ContentEditorRoute() {
  return (
    <AdminFrame back={[{ to: '/admin', label: m.admin_back() }]} title={m.editor_title()} tab={m.editor_title()}>
      <ContentEditorPage />
    </AdminFrame>
  );
}
