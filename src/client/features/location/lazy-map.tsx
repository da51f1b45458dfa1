import { ExternalLink, MapPin } from 'lucide-react';
import { useId, useRef } from 'react';
import { property } from '../../i18n/locale';
import { m } from '../../i18n/paraglide/messages';
import { useInView } from '../../lib/use-in-view';
import { useMapChoice } from './map-consent';

interface Props {
  query: string;
  name: string;
  address: string;
}

const MAPS = 'https://www.google.com/maps';

/**
 * The map is the page's only outside content, so Google sees nobody who has not asked for it: a
 * local placeholder with the address until the visitor presses 'Show map'. That choice is kept in
 * this browser, and then the frame loads by itself as the map comes near, until 'Forget'.
 */
export function LazyMap({ query, name, address }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const near = useInView(box, { rootMargin: '200px' });
  const [shown, choose] = useMapChoice();
  const title = m.location_map({ query });
  const notice = useId();
  return (
    <div>
      {/* Without the frame the box is as tall as its texts need, on the narrowest phone too. */}
      <div
        ref={box}
        className={`aspect-[4/3] w-full rounded-2xl bg-lake-100 shadow-sm ${shown && near ? 'overflow-hidden' : ''}`}
      >
        {shown && near ? (
          <iframe
            src={`${MAPS}?q=${encodeURIComponent(query)}&output=embed`}
            title={title}
            loading="lazy"
            referrerPolicy="no-referrer-when-downgrade"
            className="h-full w-full border-0"
          />
        ) : (
          <div
            data-testid="map-placeholder"
            className="flex h-full flex-col items-center justify-center gap-3 p-6 text-center text-slate-700"
          >
            <MapPin aria-hidden className="size-8 text-lake-700" />
            <p className="font-semibold text-lake-800">{name}</p>
            <p className="text-sm">{address}</p>
            <button
              type="button"
              onClick={() => choose(true)}
              aria-describedby={notice}
              className="mt-2 rounded-full bg-lake-700 px-5 py-2 text-sm font-semibold text-white hover:bg-lake-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-lake-800"
            >
              {m.location_showMap()}
            </button>
            <p id={notice} className="max-w-sm text-xs text-slate-700">
              {m.location_mapNotice()}
            </p>
          </div>
        )}
      </div>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-sm text-slate-700">
        <a
          href={`${MAPS}?q=${encodeURIComponent(query)}`}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 font-medium text-lake-700 underline underline-offset-2 hover:text-lake-800"
        >
          {m.location_openMap()} <ExternalLink aria-hidden className="size-3.5" />
        </a>
        {shown && (
          <p className="flex items-center gap-2">
            {m.location_mapRemembered()}
            <button
              type="button"
              onClick={() => choose(false)}
              className="rounded font-medium text-lake-700 underline underline-offset-2 hover:text-lake-800 focus-visible:outline-2 focus-visible:outline-lake-800"
            >
              {m.location_forgetMap()}
            </button>
          </p>
        )}
      </div>
    </div>
  );
}

/** The landing page's map, as its own island: the content's place. */
export function MapIsland() {
  return <LazyMap query={property.location.mapQuery} name={property.name} address={property.contact.address} />;
}
