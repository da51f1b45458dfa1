import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import type { GuestDocuments } from '../../../shared/invoicing';
import { m } from '../../i18n/paraglide/messages';
import { api } from '../../lib/api';

/**
 * The guest's invoices and credit notes, each a link to its PDF through the site (its address at
 * the invoicing program is temporary). The server lists only this booking's issued documents.
 */
export function BookingDocuments({ code, token }: { code: string; token: string }) {
  const id = useId();
  const query = useQuery({
    queryKey: ['booking', code, token, 'documents'],
    queryFn: () =>
      api<GuestDocuments>(`/api/bookings/${encodeURIComponent(code)}/documents?t=${encodeURIComponent(token)}`),
    retry: false,
  });
  const items = query.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-6" data-testid="booking-documents">
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        {m.invoices_guestHeading()}
      </h2>
      <ul className="mt-2 space-y-1">
        {items.map((doc) => (
          <li key={doc.pdfUrl}>
            <a href={doc.pdfUrl} className="text-lake-700 underline">
              {m.invoices_guestLink({ kind: m[`invoices_kind_${doc.kind}`](), number: doc.number ?? '' })}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
