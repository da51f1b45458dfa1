import { useId, useState } from 'react';
import type { AdminInquiry } from '../../../shared/inquiries';
import { CHILD_AGE_MAX, type InquiryDeclined, type OfferCreated } from '../../../shared/stays';
import { errorText } from '../../i18n/error-text';
import { m } from '../../i18n/paraglide/messages';
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
  inquiry: Pick<AdminInquiry, 'id' | 'name' | 'guests'>;
  onChanged: () => unknown;
}) {
  const id = useId();
  const adminApi = useAdminApi();
  const act = useAdminAction(onChanged);
  const { ask, dialog } = useConfirm();
  const [open, setOpen] = useState(false);
  const [price, setPrice] = useState('');
  const [message, setMessage] = useState('');
  const [adults, setAdults] = useState('');
  const [ages, setAges] = useState('');
  const [error, setError] = useState<string>();
  const [partyError, setPartyError] = useState<{ adults?: string; ages?: string }>({});
  // An inquiry that does not say how many stay: the owner says, for the price and the tourist tax.
  const askParty = inquiry.guests === null;
  const [failure, setFailure] = useState<string>();
  const [done, setDone] = useState<string>();
  const base = `/api/admin/inquiries/${encodeURIComponent(inquiry.id)}`;
  const failed = (e: unknown) => {
    // In the admin's language from the code and field, never the server's English message.
    const text = m.stays_offer_failed({ reason: errorText(e) });
    setFailure(text);
    return text;
  };

  function send() {
    const totalCents = price.trim() ? centsOf(price) : undefined;
    if (price.trim() && !totalCents) return setError(m.stays_error_priceCents());
    setError(undefined);
    const party = askParty ? partyOf(adults, ages) : {};
    if ('error' in party) return setPartyError(party.error as { adults?: string; ages?: string });
    setPartyError({});
    setFailure(undefined);
    const body = { ...(totalCents ? { totalCents } : {}), ...(message.trim() ? { message } : {}), ...party };
    // Before mail is set up nothing leaves: the owner is told to pass the link on, never that it was mailed.
    let sent = m.stays_offer_sent();
    const said = (result: unknown) => {
      const offer = result as OfferCreated;
      if (!offer.mailed) sent = m.stays_offer_sentNoMail({ url: offer.payUrl });
      return sent;
    };
    void act(() => adminApi(`${base}/offer`, { method: 'POST', body }), said, failed).then((ok) => ok && setDone(sent));
  }

  if (done) return <p className="mt-3 text-sm font-medium text-green-800 [overflow-wrap:anywhere]">{done}</p>;
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
            ask(m.stays_offer_declineAsk({ name: inquiry.name }), m.stays_offer_decline(), () => {
              // Before mail is set up the answer cannot leave: the owner is told the guest was not told.
              let said = m.stays_offer_declined();
              const saying = (result: unknown) => {
                if (!(result as InquiryDeclined).mailed) said = m.stays_offer_declinedNoMail();
                return said;
              };
              void act(() => adminApi(`${base}/decline`, { method: 'POST' }), saying, errorText).then(
                (ok) => ok && setDone(said),
              );
            })
          }
          className={`${small} border border-slate-300 hover:bg-slate-50`}
        >
          {m.stays_offer_decline()}
        </button>
      </div>
      {open && (
        <div className="flex flex-wrap items-end gap-2">
          {askParty && (
            <>
              <p className="w-full text-sm text-amber-900" data-testid="offer-party-missing">
                {m.stays_offer_partyMissing()}
              </p>
              <Field
                id={`${id}-adults`}
                label={m.stays_offer_adults()}
                density="admin"
                error={partyError.adults}
                className="w-28"
              >
                {(control) => (
                  <input {...control} inputMode="numeric" value={adults} onChange={(e) => setAdults(e.target.value)} />
                )}
              </Field>
              <Field
                id={`${id}-ages`}
                label={m.stays_offer_childrenAges()}
                density="admin"
                error={partyError.ages}
                className="w-72"
              >
                {(control) => <input {...control} value={ages} onChange={(e) => setAges(e.target.value)} />}
              </Field>
            </>
          )}
          <Field id={`${id}-price`} label={m.stays_offer_price()} density="admin" error={error} className="w-56">
            {(control) => (
              <input {...control} inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} />
            )}
          </Field>
          <Field id={`${id}-message`} label={m.stays_offer_message()} density="admin" className="w-full">
            {(control) => (
              <textarea
                {...control}
                rows={4}
                maxLength={5000}
                value={message}
                onChange={(e) => setMessage(e.target.value)}
              />
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

/** The owner's party: adults, and the children's ages typed as "4, 10"; or what is wrong with them. */
function partyOf(
  adults: string,
  ages: string,
): { adults: number; childrenAges: number[] } | { error: { adults?: string; ages?: string } } {
  const count = /^\s*\d{1,2}\s*$/.test(adults) ? Number(adults) : 0;
  const parts = ages.trim() ? ages.split(',').map((a) => a.trim()) : [];
  const childrenAges = parts.map((a) => (/^\d{1,2}$/.test(a) ? Number(a) : -1));
  const badAges = childrenAges.some((a) => a < 0 || a > CHILD_AGE_MAX);
  if (count < 1 || badAges)
    return {
      error: {
        ...(count < 1 ? { adults: m.stays_offer_adultsMissing() } : {}),
        ...(badAges ? { ages: m.stays_offer_agesInvalid() } : {}),
      },
    };
  return { adults: count, childrenAges };
}
