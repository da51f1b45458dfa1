import { useQuery } from '@tanstack/react-query';
import type { RegistrationList } from '../../../shared/guest-registrations';
import { useAdminApi } from '../../lib/use-admin-api';
import { RegistrationItem } from './registration-item';

type Registration = RegistrationList['items'][number];
type Found = { item: Registration; service: RegistrationList['service'] };
/** Pages of the registrations list read to find one stay's: the panel lists the stays due first. */
const PAGES_MAX = 20;

/** One stay's check-in and SIBA bulletins, as the registrations panel shows them, on the stay's page. */
export function BookingBulletins({
  code,
  texts,
}: {
  code: string;
  texts: { title: string; loading: string; none: string };
}) {
  const adminApi = useAdminApi();
  const query = useQuery({
    queryKey: ['admin', 'registrations', 'one', code],
    queryFn: async (): Promise<Found | null> => {
      let cursor: string | null = null;
      for (let page = 0; page < PAGES_MAX; page++) {
        const list: RegistrationList = await adminApi<RegistrationList>(
          `/api/admin/registrations${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
        );
        const found = list.items.find((i) => i.bookingCode === code);
        if (found) return { item: found, service: list.service };
        cursor = list.nextCursor;
        if (!cursor) break;
      }
      return null;
    },
    retry: false,
  });
  return (
    <section aria-label={texts.title} data-testid="stay-bulletins" className="rounded-2xl bg-white p-6 shadow-sm">
      <h2 className="text-2xl font-semibold text-lake-800">{texts.title}</h2>
      {query.data ? (
        <ul>
          <RegistrationItem
            item={query.data.item}
            service={query.data.service}
            onChanged={() => void query.refetch()}
          />
        </ul>
      ) : (
        <p className="mt-2 text-sm text-slate-700">{query.isPending ? texts.loading : texts.none}</p>
      )}
    </section>
  );
}
