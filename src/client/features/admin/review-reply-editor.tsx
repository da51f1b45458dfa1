import { useId, useState } from 'react';
import { REVIEW_REPLY_MAX, type AdminReview } from '../../../shared/reviews';
import { m } from '../../i18n/paraglide/messages';
import { adminFailure, useAdminAction, useAdminApi } from '../../lib/use-admin-api';
import { Field } from '../../ui/field';

/** The owner's one public reply to an approved review: written, changed or removed here. */
export function ReviewReplyEditor({ review, onChanged }: { review: AdminReview; onChanged: () => unknown }) {
  const id = useId();
  const adminApi = useAdminApi();
  const act = useAdminAction(onChanged);
  const [text, setText] = useState(review.reply?.text ?? '');
  const path = `/api/admin/reviews/${encodeURIComponent(review.id)}/reply`;
  return (
    <div className="mt-3 space-y-2" data-testid="reply-editor">
      <Field id={`${id}-reply`} label={m.reviewsAdmin_reply()} density="admin">
        {(control) => (
          <textarea
            {...control}
            className={`${control.className} text-sm`}
            rows={2}
            maxLength={REVIEW_REPLY_MAX}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        )}
      </Field>
      <div className="flex gap-2">
        <button
          type="button"
          disabled={text.trim() === ''}
          onClick={() =>
            void act(
              () => adminApi(path, { method: 'PUT', body: { text } }),
              m.reviewsAdmin_replyPublished(),
              adminFailure(m.reviewsAdmin_replySaveFailed()),
            )
          }
          className="rounded-lg bg-lake-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-lake-800 disabled:opacity-60"
        >
          {review.reply ? m.reviewsAdmin_replySave() : m.reviewsAdmin_replyPublish()}
        </button>
        {review.reply && (
          <button
            type="button"
            onClick={() =>
              void act(
                () => adminApi(path, { method: 'DELETE' }),
                m.reviewsAdmin_replyRemoved(),
                m.reviewsAdmin_replyRemoveFailed(),
              )
            }
            className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50"
          >
            {m.reviewsAdmin_replyRemove()}
          </button>
        )}
      </div>
    </div>
  );
}
