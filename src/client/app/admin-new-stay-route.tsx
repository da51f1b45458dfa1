import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { m } from '../i18n/paraglide/messages';
import { useFeedReservations } from '../features/stays/feed-reservations';
import { StayForm } from '../features/stays/stay-form';
import { useToast } from '../ui/toast';
import { AdminFrame } from './admin-frame';

/** /admin/stays/new, or ?event=<UID> to complete an imported reservation: the form, then the stay's page. */
export function AdminNewStayRoute() {
  return (
    <AdminFrame back={[{ to: '/admin/stays', label: m.stays_backToList() }]} tab={m.stays_new()}>
      <section className="rounded-2xl bg-white p-6 shadow-sm">
        <NewStay />
      </section>
    </AdminFrame>
  );
}

function NewStay() {
  const [params] = useSearchParams();
  const uid = params.get('event');
  const feed = useFeedReservations();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  const saved = (code: string) => {
    void queryClient.invalidateQueries({ queryKey: ['admin', 'bookings'] });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'blocks'] });
    toast.success(m.stays_form_saved({ code }));
    navigate(`/admin/bookings/${code}`);
  };
  if (!uid) return <StayForm onSaved={saved} />;
  if (!feed.data && !feed.isError) return <p role="status">{m.stays_imported_loading()}</p>;
  const event = feed.data?.find((r) => r.uid === uid && r.stayCode === null);
  if (event) return <StayForm key={uid} event={event} onSaved={saved} />;
  return (
    <>
      <p role="alert" className="mb-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
        {feed.isError ? m.stays_imported_loadError() : m.stays_form_eventGone()}
      </p>
      <StayForm onSaved={saved} />
    </>
  );
}
