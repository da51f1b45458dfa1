import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import type { AdminBooking } from '../../../shared/bookings';
import type { StayDocuments as StayDocumentsAnswer } from '../../../shared/invoicing';
import { formatAmount } from '../../../shared/quote-text';
import { pageLocale } from '../../i18n/locale';
import { m } from '../../i18n/paraglide/messages';
import { useAdminApi } from '../../lib/use-admin-api';
import { StayTaxNumber } from './stay-tax-number';

/**
 * The stay's certified documents (docs/decisions/0039-invoicing-provider-and-exactly-once.md):
 * for each payment and refund its invoice-receipt or credit note, its number and state, the
 * provider's words when it refused one, and the link to its PDF.
 */
export function StayDocuments({ code }: { code: string }) {
  const id = useId();
  const adminApi = useAdminApi();
  const path = `/api/admin/stays/${encodeURIComponent(code)}/documents`;
  const docs = useQuery({
    queryKey: ['admin', 'stay-documents', code],
    queryFn: () => adminApi<StayDocumentsAnswer>(path),
    retry: false,
  });
  // The same query as the booking's page: the amounts of its payments, asked once.
  const booking = useQuery({
    queryKey: ['admin', 'bookings', 'one', code],
    queryFn: () => adminApi<AdminBooking>(`/api/admin/bookings/${encodeURIComponent(code)}`),
    retry: false,
  });
  const payments = new Map((booking.data?.payments ?? []).map((p) => [p.id, p]));
  const money = (cents: number) => formatAmount(cents, booking.data?.quote.currency ?? 'EUR', pageLocale);

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="rounded-2xl bg-white p-6 shadow-sm"
      data-testid="stay-documents"
    >
      <h2 id={`${id}-heading`} className="text-xl font-semibold text-lake-800">
        {m.invoices_heading()}
      </h2>
      {!docs.data ? (
        <p className="mt-3 text-slate-700" role={docs.isError ? 'alert' : 'status'}>
          {docs.isError ? m.invoices_loadError() : m.invoices_loading()}
        </p>
      ) : docs.data.items.length === 0 ? (
        <p className="mt-3 text-slate-700">{m.invoices_none()}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200">
          {docs.data.items.map((doc, index) => {
            const payment = payments.get(doc.paymentId);
            const name = `${m[`invoices_kind_${doc.kind}`]()} ${doc.number ?? ''}`.trim();
            return (
              // A payment has several documents after a tax number's correction.
              <li key={`${doc.paymentId}-${index}`} className="py-3" data-testid="stay-document">
                <p className="font-medium text-slate-900">
                  {name}
                  {/* Issued by hand elsewhere: its number is in the Portal das Finanças, not here. */}
                  {!doc.number && doc.state !== 'manual' && (
                    <span className="font-normal text-slate-700"> ({m.invoices_noNumber()})</span>
                  )}
                </p>
                <p className="text-sm text-slate-700">
                  {doc.correction
                    ? `${m.adminUi_documents_correction()} · `
                    : payment &&
                      `${payment.kind === 'refund' ? m.invoices_refund({ amount: money(payment.amountCents) }) : m.invoices_payment({ amount: money(payment.amountCents) })} · `}
                  <span data-testid="stay-document-state">{m[`invoices_state_${doc.state}`]()}</span>
                </p>
                {doc.error && (
                  <p
                    className={`mt-1 rounded p-2 text-sm ${doc.state === 'rejected' ? 'bg-red-50 text-red-900' : 'bg-amber-50 text-amber-900'}`}
                    data-testid="stay-document-error"
                  >
                    {doc.state === 'rejected'
                      ? m.invoices_refused({ message: doc.error })
                      : m.invoices_retrying({ message: doc.error })}
                  </p>
                )}
                {doc.pdfUrl && (
                  <a href={doc.pdfUrl} className="mt-1 inline-block text-sm text-lake-700 underline">
                    {m.invoices_pdf({ document: name })}
                  </a>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {docs.data && <StayTaxNumber code={code} taxNumber={docs.data.taxNumber} documents={docs.data.items} />}
    </section>
  );
}
