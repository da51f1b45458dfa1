import { useId, useState } from 'react';
import type { AdminInquiry } from '../../../shared/inquiries';
import { errorText } from '../../i18n/error-text';
import { m } from '../../i18n/paraglide/messages';
import { ApiError } from '../../lib/api';
import { useAdminAction, useAdminApi } from '../../lib/use-admin-api';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Field } from '../../ui/field';
import { useConfirm } from '../../ui/use-confirm';
import { centsOf } from './amount-action';

const small = 'rounded-lg px-3 py-1.5 text-sm font-semibold';

/**
 * The owner answers an inquiry (docs/stays.md): an offer at the quote or at a typed price, which
 * holds the nights and mails the guest a link to pay the deposit; or a polite no.
 */
export function InquiryOffer({
  inquiry,
  onChanged,
}: {
  inquiry: Pick<AdminInquiry, 'id' | 'name'>;
  onChanged: () => unknown;
}) {
  const id = useId();
  const adminApi = useAdminApi();
  const act = useAdminAction(onChanged);
  const { ask, dialog } = useConfirm();
  const [open, setOpen] = useState(false);
  const [price, setPrice] = useState('');
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [done, setDone] = useState<string>();
  const base = `/api/admin/inquiries/${encodeURIComponent(inquiry.id)}`;
  const failed = (e: unknown) => {
    const reason = e instanceof ApiError && e.status === 409 && e.code === 'conflict' ? e.message : errorText(e);
    const text = m.stays_offer_failed({ reason });
    setFailure(text);
    return text;
  };

  function send() {
    const totalCents = price.trim() ? centsOf(price) : undefined;
    if (price.trim() && !totalCents) return setError(m.stays_error_priceCents());
    setError(undefined);
    setFailure(undefined);
    void act(
      () => adminApi(`${base}/offer`, { method: 'POST', body: totalCents ? { totalCents } : {} }),
      m.stays_offer_sent(),
      failed,
    ).then((ok) => ok && setDone(m.stays_offer_sent()));
  }

  if (done) return <p className="mt-3 text-sm font-medium text-green-800">{done}</p>;
  return (
    <div className="mt-3 grid gap-2">
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
          className={`${small} bg-lake-700 text-white hover:bg-lake-800`}
        >
          {m.stays_offer_make()}
        </button>
        <button
          type="button"
          onClick={() =>
            ask(
              m.stays_offer_declineAsk({ name: inquiry.name }),
              m.stays_offer_decline(),
              () =>
                void act(
                  () => adminApi(`${base}/decline`, { method: 'POST' }),
                  m.stays_offer_declined(),
                  errorText,
                ).then((ok) => ok && setDone(m.stays_offer_declined())),
            )
          }
          className={`${small} border border-slate-300 hover:bg-slate-50`}
        >
          {m.stays_offer_decline()}
        </button>
      </div>
      {open && (
        <div className="flex flex-wrap items-end gap-2">
          <Field id={`${id}-price`} label={m.stays_offer_price()} density="admin" error={error} className="w-56">
            {(control) => (
              <input {...control} inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} />
            )}
          </Field>
          <button type="button" onClick={send} className={`${small} bg-green-700 text-white hover:bg-green-800`}>
            {m.stays_offer_send()}
          </button>
        </div>
      )}
      {failure && (
        <p role="alert" className="text-sm text-red-800">
          {failure}
        </p>
      )}
      <ConfirmDialog {...dialog} cancelLabel={m.inquiries_offerKeep()} />
    </div>
  );
}
