import { useRef } from 'react';
import { m } from '../../i18n/paraglide/messages';
import { useInView } from '../../lib/use-in-view';

/** The map is the page's only outside content: it is not requested until it is near the viewport. */
export function LazyMap({ query }: { query: string }) {
  const box = useRef<HTMLDivElement>(null);
  const near = useInView(box, { rootMargin: '200px' });
  const src = `https://www.google.com/maps?q=${encodeURIComponent(query)}&output=embed`;
  return (
    <div ref={box} className="aspect-[4/3] w-full overflow-hidden rounded-2xl bg-lake-100 shadow-sm">
      {near ? (
        <iframe src={src} title={m.location_map({ query })} loading="lazy" referrerPolicy="no-referrer-when-downgrade" className="h-full w-full border-0" />
      ) : (
        <p className="flex h-full items-center justify-center text-slate-600">{m.location_map({ query })}</p>
      )}
    </div>
  );
}
