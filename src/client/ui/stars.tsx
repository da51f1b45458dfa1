import { Star } from 'lucide-react';
import { m } from '../i18n/paraglide/messages';

export function Stars({ rating, size = 'size-4' }: { rating: number; size?: string }) {
  return (
    <span role="img" aria-label={m.reviews_stars({ rating })} className="inline-flex gap-0.5">
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden
          data-filled={n <= rating}
          className={`${size} ${n <= rating ? 'fill-amber-star text-amber-star' : 'text-slate-300'}`}
        />
      ))}
    </span>
  );
}
