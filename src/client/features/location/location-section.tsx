import { property } from '../../i18n/locale';
import { AttractionsIsland } from './attractions-carousel';
import { MapIsland } from './lazy-map';
import { Island } from '../../ui/island';
import { m } from '../../i18n/paraglide/messages';
import { Section } from '../../ui/section';

export function LocationSection() {
  const { distances } = property;
  return (
    <Section id="location" tone="sand" title={m.location_title()} intro={property.intros.location}>
      <div className="mt-12 grid gap-10 lg:grid-cols-2">
        <div className="space-y-8">
          <div>
            <h3 className="mb-4 text-xl font-semibold text-lake-800">{m.location_attractions()}</h3>
            <Island name="attractions">
              <AttractionsIsland />
            </Island>
          </div>
          <div>
            <h3 className="mb-4 text-xl font-semibold text-lake-800">{m.location_distances()}</h3>
            <ul data-testid="distances" className="grid grid-cols-1 gap-x-8 gap-y-2 sm:grid-cols-2">
              {distances.map((d) => (
                <li
                  key={d.place}
                  className="flex justify-between gap-4 border-b border-slate-200 py-1.5 text-slate-700"
                >
                  <span>{d.place}</span>
                  <span className="whitespace-nowrap font-medium text-lake-800">{d.distance}</span>
                </li>
              ))}
            </ul>
          </div>
        </div>
        <Island name="map">
          <MapIsland />
        </Island>
      </div>
    </Section>
  );
}
