import type { FeedReservation } from '../../../shared/stays';
import { type Channel, isPlatformChannel } from '../../../shared/channels';
import { ENTERED_CHANNELS } from '../../../shared/stays';
import { defaultTaxCollector } from '../../../shared/tourist-tax';
import { property } from '../../i18n/locale';
import { m } from '../../i18n/paraglide/messages';

// The "New stay" form's values as typed, and the body of POST /api/admin/stays made from them
// (docs/stays.md). Amounts are typed in euros and sent in cents.

export type EnteredChannel = (typeof ENTERED_CHANNELS)[number];

export interface StayDraft {
  channel: EnteredChannel;
  checkIn: string;
  checkOut: string;
  adults: string;
  childAges: string[];
  name: string;
  email: string;
  phone: string;
  country: string;
  locale: string;
  platformReference: string;
  feedEventUid: string;
  price: string;
  /** What a phone or other guest has paid the owner so far; empty when the price is paid in full. */
  paid: string;
  commission: string;
  /** Ticked or unticked by the owner; null follows the content's rule for the channel and day. */
  taxByPlatform: boolean | null;
}

/** A blank form, or one filled in from an imported reservation. */
export function newDraft(locale: string, event?: FeedReservation): StayDraft {
  const channel: EnteredChannel =
    event && (ENTERED_CHANNELS as readonly Channel[]).includes(event.platform)
      ? (event.platform as EnteredChannel)
      : 'phone';
  return {
    channel,
    checkIn: event?.start ?? '',
    checkOut: event?.end ?? '',
    adults: '2',
    childAges: [],
    name: '',
    email: '',
    phone: '',
    country: '',
    locale,
    platformReference: event?.reference ?? '',
    feedEventUid: event?.uid ?? '',
    price: '',
    paid: '',
    commission: '',
    taxByPlatform: null,
  };
}

/** `840`, `840.50` or `840,50` euros in cents; undefined when empty, NaN when not an amount. */
export function euroCents(typed: string): number | undefined {
  const text = typed.trim();
  if (!text) return undefined;
  if (!/^\d{1,9}([.,]\d{1,2})?$/.test(text)) return Number.NaN;
  const [whole = '0', fraction = ''] = text.split(/[.,]/);
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export type FieldErrors = Partial<Record<string, string>>;

/** The form's own checks, before asking the server: the amounts it must turn into cents. */
export function draftErrors(draft: StayDraft): FieldErrors {
  const errors: FieldErrors = {};
  if (Number.isNaN(euroCents(draft.price))) errors.priceCents = m.stays_error_priceCents();
  if (isPlatformChannel(draft.channel) && Number.isNaN(euroCents(draft.commission)))
    errors.commissionCents = m.stays_error_commissionCents();
  const paid = euroCents(draft.paid);
  if (!isPlatformChannel(draft.channel) && (Number.isNaN(paid) || (paid ?? 0) > (euroCents(draft.price) ?? 0)))
    errors.paidCents = m.stays_error_paidCents();
  return errors;
}

/**
 * Whether the platform collected the tourist tax: as the owner said, else as the content's rule
 * says of this channel from this day (`collectedBy`, docs/stays.md); the stay keeps what is sent.
 */
export function taxByPlatform(draft: StayDraft): boolean {
  if (draft.taxByPlatform !== null) return draft.taxByPlatform;
  return defaultTaxCollector(property.pricing?.touristTax, draft.channel, draft.checkIn) === 'platform';
}

export function stayBody(draft: StayDraft) {
  return {
    channel: draft.channel,
    checkIn: draft.checkIn,
    checkOut: draft.checkOut,
    adults: Number(draft.adults),
    children: draft.childAges.map((age) => ({ age: age === '' ? Number.NaN : Number(age) })),
    name: draft.name,
    email: draft.email,
    phone: draft.phone,
    country: draft.country,
    locale: draft.locale,
    // Typed for a platform, then the channel changed to the phone: what only a platform has is left out.
    ...(isPlatformChannel(draft.channel)
      ? {
          platformReference: draft.platformReference,
          commissionCents: euroCents(draft.commission),
          touristTaxCollectedBy: taxByPlatform(draft) ? 'platform' : 'owner',
        }
      : { touristTaxCollectedBy: 'owner', paidCents: euroCents(draft.paid) }),
    ...(draft.feedEventUid ? { feedEventUid: draft.feedEventUid } : {}),
    priceCents: euroCents(draft.price),
  };
}

const FIELD_TEXT: Record<string, () => string> = {
  channel: m.stays_error_channel,
  checkIn: m.stays_error_checkIn,
  checkOut: m.stays_error_checkOut,
  adults: m.stays_error_adults,
  children: m.stays_error_children,
  name: m.stays_error_name,
  email: m.stays_error_email,
  phone: m.stays_error_phone,
  country: m.stays_error_country,
  platformReference: m.stays_error_platformReference,
  priceCents: m.stays_error_priceCents,
  paidCents: m.stays_error_paidCents,
  commissionCents: m.stays_error_commissionCents,
  touristTaxCollectedBy: m.stays_error_touristTaxCollectedBy,
  feedEventUid: m.stays_error_feedEventUid,
};

/** The server's refused field (`children.0.age`…) as the form's field and its text in the page's language. */
export function fieldError(field: string | undefined): FieldErrors | undefined {
  const name = field?.split('.')[0];
  const text = name ? FIELD_TEXT[name] : undefined;
  return name && text ? { [name]: text() } : undefined;
}
