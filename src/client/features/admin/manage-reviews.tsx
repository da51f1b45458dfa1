import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminReview, ReviewStatus } from '../../../shared/reviews';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Stars } from '../../ui/stars';
import { pageLocale } from '../../i18n/locale';
import { m } from '../../i18n/paraglide/messages';
import { formatAdminDay, formatStayMonth } from '../../lib/format-date';
import { AdminList } from '../../ui/admin-list';
import { ReviewReplyEditor } from './review-reply-editor';
import { useAdminAction, useAdminApi, useAdminList } from '../../lib/use-admin-api';

const FILTERS: Array<{ value: ReviewStatus; label: () => string }> = [
  { value: 'all', label: m.reviewsAdmin_filter_all },
  { value: 'approved', label: m.reviewsAdmin_filter_approved },
  { value: 'pending', label: m.reviewsAdmin_filter_pending },
];

/** The stay's month: as stored in English (`2027-04`), in words in another language. */
const stayMonth = (month: string | null) => (!month ? '' : pageLocale === 'en' ? month : formatStayMonth(month));

export function ManageReviews() {
  const adminApi = useAdminApi();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<ReviewStatus>('all');
  const { state, reload } = useAdminList<AdminReview>(
    ['admin', 'reviews', filter],
    `/api/admin/reviews?status=${filter}`,
    m.reviewsAdmin_loadError(),
  );
  const [toDelete, setToDelete] = useState<string | null>(null);
  // Every filter's list may have changed.
  const act = useAdminAction(() => queryClient.invalidateQueries({ queryKey: ['admin', 'reviews'] }));

  const approve = (id: string) =>
    act(
      () => adminApi(`/api/admin/reviews/${encodeURIComponent(id)}/approve`, { method: 'POST' }),
      m.reviewsAdmin_approveDone(),
      m.reviewsAdmin_approveFailed(),
    );

  const confirmDelete = () => {
    const id = toDelete;
    setToDelete(null);
    if (id)
      void act(
        () => adminApi(`/api/admin/reviews/${encodeURIComponent(id)}`, { method: 'DELETE' }),
        m.reviewsAdmin_deleteDone(),
        m.reviewsAdmin_deleteFailed(),
      );
  };

  return (
    <section aria-labelledby="manage-reviews" className="rounded-2xl bg-white p-6 shadow-sm">
      <h2 id="manage-reviews" className="text-2xl font-semibold text-lake-800">
        {m.reviewsAdmin_heading()}
      </h2>
      <div role="group" aria-label={m.reviewsAdmin_filterLabel()} className="mt-4 flex gap-2">
        {FILTERS.map((f) => (
          <button
            key={f.value}
            type="button"
            aria-pressed={filter === f.value}
            onClick={() => setFilter(f.value)}
            className={`rounded-full px-4 py-1.5 text-sm font-medium ${filter === f.value ? 'bg-lake-700 text-white' : 'bg-slate-100 text-slate-800 hover:bg-slate-200'}`}
          >
            {f.label()}
          </button>
        ))}
      </div>
      <div className="mt-6">
        <AdminList
          state={state}
          texts={{
            loading: m.reviewsAdmin_loading(),
            error: m.reviewsAdmin_loadError(),
            empty: m.reviewsAdmin_empty(),
          }}
          onRetry={reload}
        >
          {(review) => (
            <li
              key={review.id}
              data-testid="admin-review"
              className="flex flex-col gap-2 py-4 sm:flex-row sm:items-start sm:justify-between"
            >
              <div className="min-w-0">
                <p className="font-semibold break-words text-slate-900">{review.clientName}</p>
                <div className="flex items-center gap-3 text-sm text-slate-600">
                  <Stars rating={review.rating} />
                  <time dateTime={review.createdAt}>{formatAdminDay(review.createdAt)}</time>
                  {!review.isApproved && (
                    <span className="rounded bg-amber-100 px-2 py-0.5 text-amber-900">{m.reviewsAdmin_pending()}</span>
                  )}
                  {review.verified && (
                    <span className="rounded bg-green-100 px-2 py-0.5 text-green-900">
                      {m.reviewsAdmin_verified({ month: stayMonth(review.stayMonth) })}
                    </span>
                  )}
                </div>
                <p className="mt-2 break-words whitespace-pre-line text-slate-700">{review.comment}</p>
                {review.isApproved && (
                  <ReviewReplyEditor
                    review={review}
                    onChanged={() => queryClient.invalidateQueries({ queryKey: ['admin', 'reviews'] })}
                  />
                )}
              </div>
              <div className="flex shrink-0 gap-2">
                {!review.isApproved && (
                  <button
                    type="button"
                    onClick={() => void approve(review.id)}
                    className="rounded-lg bg-green-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-green-800"
                  >
                    {m.reviewsAdmin_approve()}
                  </button>
                )}
                <button
                  type="button"
                  onClick={() => setToDelete(review.id)}
                  className="rounded-lg bg-red-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-800"
                >
                  {m.reviewsAdmin_delete()}
                </button>
              </div>
            </li>
          )}
        </AdminList>
      </div>
      <ConfirmDialog
        message={toDelete ? m.reviewsAdmin_deleteAsk() : null}
        confirmLabel={m.reviewsAdmin_delete()}
        cancelLabel={m.reviewsAdmin_cancel()}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </section>
  );
}
