import { useParams } from 'react-router';
import { BookingBulletins } from '../features/admin/booking-bulletins';
import { BookingPage } from '../features/admin/booking-page';
import { StayDocuments } from '../features/admin/stay-documents';
import { StayFacts } from '../features/stays/stay-facts';
import { StayTaxExemptions } from '../features/stays/stay-tax-exemptions';
import { m } from '../i18n/paraglide/messages';
import { AdminFrame } from './admin-frame';

/** /admin/bookings/:code: one stay, whatever its channel, where the calendar and the list of stays link to. */
export function AdminBookingRoute() {
  const { code = '' } = useParams();
  return (
    <AdminFrame
      back={[
        { to: '/admin/stays', label: m.stays_backToList() },
        { to: '/admin', label: m.stays_back() },
      ]}
      tab={m.adminUi_booking_heading({ code })}
    >
      <BookingPage code={code}>
        <StayFacts code={code} />
        <StayTaxExemptions code={code} />
      </BookingPage>
      <BookingBulletins
        code={code}
        texts={{
          title: m.stays_page_bulletins(),
          loading: m.stays_page_bulletinsLoading(),
          none: m.stays_page_noBulletins(),
        }}
      />
      <StayDocuments code={code} />
    </AdminFrame>
  );
}
