import {
  BedDouble,
  Car,
  ChefHat,
  Coffee,
  Flame,
  type LucideIcon,
  Mountain,
  Sailboat,
  ShowerHead,
  Sun,
  Trees,
  Tv,
  Users,
  Utensils,
  Waves,
  Wifi,
} from 'lucide-react';
import { property } from '../../i18n/locale';
import type { AMENITY_ICONS } from '../../../shared/content';
import { m } from '../../i18n/paraglide/messages';
import { Section } from '../../ui/section';

const ICONS: Record<(typeof AMENITY_ICONS)[number], LucideIcon> = {
  waves: Waves,
  trees: Trees,
  car: Car,
  tv: Tv,
  wifi: Wifi,
  'chef-hat': ChefHat,
  'shower-head': ShowerHead,
  coffee: Coffee,
  users: Users,
  'bed-double': BedDouble,
  sailboat: Sailboat,
  flame: Flame,
  sun: Sun,
  utensils: Utensils,
  mountain: Mountain,
};

export function AmenitiesSection() {
  return (
    <Section id="amenities" tone="white" title={m.amenities_title()} intro={property.intros.amenities}>
      <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {property.amenities.map((amenity) => {
          const Icon = ICONS[amenity.icon];
          return (
            <li key={amenity.title} data-testid="amenity" className="flex gap-4 rounded-2xl bg-sand-50 p-6">
              <span aria-hidden className="h-fit rounded-full bg-lake-100 p-3 text-lake-700">
                <Icon className="size-6" />
              </span>
              <div>
                <h3 className="font-semibold text-lake-800">{amenity.title}</h3>
                <p className="mt-1 text-slate-700">{amenity.description}</p>
              </div>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
