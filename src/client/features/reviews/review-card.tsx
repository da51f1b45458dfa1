import { useState } from 'react';
import { COMMENT_PREVIEW_CHARS } from '../../lib/constants';
import type { PublicReview } from '../../../shared/reviews';
import { m } from '../../i18n/paraglide/messages';
import { formatReviewDate, formatStayMonth } from '../../lib/format-date';
import { Stars } from '../../ui/stars';

// Card width plus the strip's 16 px gap equals the carousel's step (280 / 320 px): one step, one card.
export function ReviewCard({ review }: { review: PublicReview }) {
  const [expanded, setExpanded] = useState(false);
  const long = review.comment.length > COMMENT_PREVIEW_CHARS;
  const text = long && !expanded ? `${review.comment.slice(0, COMMENT_PREVIEW_CHARS)}...` : review.comment;
  return (
    <article
      data-testid="review-card"
      className="flex w-66 shrink-0 snap-start flex-col gap-3 rounded-2xl bg-white p-6 shadow-sm md:w-76"
    >
      <header className="flex flex-col gap-1">
        <h3 className="font-semibold break-words text-lake-800">{review.clientName}</h3>
        <Stars rating={review.rating} />
        {review.verified && (
          <p data-testid="review-verified" className="text-sm text-green-800">
            <span className="rounded bg-green-50 px-2 py-0.5 font-medium">✓ {m.reviews_verified()}</span>
            {review.stayMonth && (
              <span className="ml-2">{m.reviews_stayedIn({ month: formatStayMonth(review.stayMonth) })}</span>
            )}
          </p>
        )}
      </header>
      <p className="break-words whitespace-pre-line text-slate-700 italic">“{text}”</p>
      {long && (
        <button
          type="button"
          aria-expanded={expanded}
          onClick={() => setExpanded(!expanded)}
          className="self-start text-sm font-medium text-lake-700 underline hover:text-lake-800"
        >
          {expanded ? m.reviews_showLess() : m.reviews_readMore()}
        </button>
      )}
      {review.reply && (
        <div data-testid="review-reply" className="rounded-lg bg-sand-50 p-3 text-sm text-slate-700">
          <p className="font-semibold text-lake-800">{m.reviews_ownerReply()}</p>
          <p className="break-words whitespace-pre-line">{review.reply.text}</p>
        </div>
      )}
      <time dateTime={review.createdAt} className="mt-auto text-sm text-slate-600">
        {formatReviewDate(review.createdAt)}
      </time>
    </article>
  );
}

export function ReviewCardSkeleton() {
  return (
    <div
      data-testid="review-skeleton"
      aria-hidden
      className="flex w-66 shrink-0 animate-pulse flex-col gap-3 rounded-2xl bg-white p-6 shadow-sm md:w-76"
    >
      <div className="h-4 w-1/2 rounded bg-slate-200" />
      <div className="h-4 w-24 rounded bg-slate-200" />
      <div className="h-16 rounded bg-slate-200" />
      <div className="h-3 w-1/3 rounded bg-slate-200" />
    </div>
  );
}
