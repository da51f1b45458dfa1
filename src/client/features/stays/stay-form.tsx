import { type FormEvent, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { languageName } from '../../../shared/locales';
import { isPlatformChannel } from '../../../shared/channels';
import { ENTERED_CHANNELS, type FeedReservation } from '../../../shared/stays';
import { errorText } from '../../i18n/error-text';
import { siteLocaleList } from '../../i18n/locale';
import { m } from '../../i18n/paraglide/messages';
import { ApiError } from '../../lib/api';
import { CountryOptions } from '../../ui/country-options';
import { SessionEndedError, useAdminApi } from '../../lib/use-admin-api';
import { Field } from '../../ui/field';
import { stayInTheWay } from './held-by';
import { channelLabel, stayDates } from './labels';
import { PartyFields } from './party-fields';
import {
  draftErrors,
  taxByPlatform,
  type EnteredChannel,
  fieldError,
  type FieldErrors,
  newDraft,
  stayBody,
} from './stay-draft';

const box = 'grid gap-3 rounded-xl border border-slate-200 p-4';
const legend = 'px-1 text-base font-semibold text-lake-800';

/**
 * The owner enters a stay from another channel (docs/stays.md), or completes an imported
 * reservation (`event`), whose dates are the feed's. A refusal is told in the page's language:
 * each field's under it, and the stay holding the nights by its code, guest and dates.
 */
export function StayForm({ event, onSaved }: { event?: FeedReservation; onSaved: (code: string) => void }) {
  const id = useId();
  const adminApi = useAdminApi();
  const [draft, setDraft] = useState(() => newDraft(siteLocaleList[0] ?? 'en', event));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState('');
  const [inTheWay, setInTheWay] = useState<string>();
  const [sending, setSending] = useState(false);
  const alertRef = useRef<HTMLParagraphElement>(null);
  const change = (changes: Partial<typeof draft>) => setDraft((d) => ({ ...d, ...changes }));
  // A phone or other guest has no platform: no reservation code, commission or tax the platform took.
  const onPlatform = isPlatformChannel(draft.channel);

  function refuse(next: FieldErrors, text: string, stayCode?: string) {
    setErrors(next);
    setInTheWay(stayCode);
    setProblem(text);
    requestAnimationFrame(() => alertRef.current?.focus());
  }

  async function refusal(error: unknown) {
    if (error instanceof ApiError && error.code === 'dates_unavailable') {
      const holder = await stayInTheWay(adminApi, draft.checkIn, draft.checkOut).catch(() => undefined);
      return refuse(
        {},
        holder
          ? m.stays_form_heldBy({
              code: holder.code,
              name: holder.name,
              channel: channelLabel[holder.channel](),
              dates: stayDates(holder.checkIn, holder.checkOut),
            })
          : m.stays_form_heldByOther(),
        holder?.code,
      );
    }
    const field = error instanceof ApiError ? fieldError(error.field) : undefined;
    if (field) return refuse(field, m.stays_form_invalid());
    refuse({}, error instanceof ApiError ? errorText(error) : m.stays_form_failed());
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const own = draftErrors(draft);
    if (Object.keys(own).length > 0) return refuse(own, m.stays_form_invalid());
    setSending(true);
    try {
      const { code } = await adminApi<{ code: string }>('/api/admin/stays', { method: 'POST', body: stayBody(draft) });
      onSaved(code);
    } catch (error) {
      if (!(error instanceof SessionEndedError)) await refusal(error);
    } finally {
      setSending(false);
    }
  }

  const text = (name: keyof typeof draft, label: string, field = name as string, type = 'text', hint?: string) => (
    <Field label={label} density="admin" error={errors[field]} hint={hint}>
      {(control) => (
        <input
          {...control}
          className={`${control.className} read-only:bg-slate-100 read-only:text-slate-700`}
          type={type}
          name={name}
          value={draft[name] as string}
          readOnly={Boolean(event) && (name === 'checkIn' || name === 'checkOut')}
          onChange={(e) => change({ [name]: e.target.value })}
        />
      )}
    </Field>
  );

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby={`${id}-title`} className="grid gap-4">
      <h2 id={`${id}-title`} className="text-2xl font-semibold text-lake-800">
        {m.stays_form_title()}
      </h2>
      {event && (
        <p className="rounded-lg bg-lake-50 p-3 text-sm text-lake-800">
          {m.stays_form_completing({ feed: event.feed, dates: stayDates(event.start, event.end) })}
        </p>
      )}
      {problem && (
        <p
          ref={alertRef}
          tabIndex={-1}
          role="alert"
          data-testid="stay-form-problem"
          className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800"
        >
          {problem}
          {inTheWay && (
            <Link to={`/admin/bookings/${inTheWay}`} className="mt-1 block underline">
              {m.stays_form_openStay({ code: inTheWay })}
            </Link>
          )}
        </p>
      )}
      <fieldset className={box}>
        <legend className={legend}>{m.stays_form_stay()}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {text('checkIn', m.stays_form_checkIn(), 'checkIn', 'date')}
          {text('checkOut', m.stays_form_checkOut(), 'checkOut', 'date')}
        </div>
        <PartyFields draft={draft} errors={errors} change={change} />
      </fieldset>
      <fieldset className={box}>
        <legend className={legend}>{m.stays_form_guest()}</legend>
        {text('name', m.stays_form_name())}
        <div className="grid gap-3 sm:grid-cols-2">
          {text('email', m.stays_form_email(), 'email', 'email', m.stays_form_emailHint())}
          {text('phone', m.stays_form_phone(), 'phone', 'tel')}
          <Field label={m.stays_form_country()} density="admin" error={errors.country}>
            {(control) => (
              <select {...control} value={draft.country} onChange={(e) => change({ country: e.target.value })}>
                <option value="">{m.stays_form_countryNone()}</option>
                <CountryOptions code="alpha2" />
              </select>
            )}
          </Field>
          <Field label={m.stays_form_language()} density="admin">
            {(control) => (
              <select {...control} value={draft.locale} onChange={(e) => change({ locale: e.target.value })}>
                {siteLocaleList.map((l) => (
                  <option key={l} value={l}>
                    {languageName(l)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
      </fieldset>
      <fieldset className={box}>
        <legend className={legend}>{m.stays_form_money()}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label={m.stays_form_channel()} density="admin" error={errors.channel}>
            {(control) => (
              <select
                {...control}
                className={`${control.className} disabled:bg-slate-100 disabled:text-slate-700`}
                value={draft.channel}
                disabled={Boolean(event)}
                onChange={(e) => change({ channel: e.target.value as EnteredChannel })}
              >
                {ENTERED_CHANNELS.map((c) => (
                  <option key={c} value={c}>
                    {channelLabel[c]()}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {onPlatform && text('platformReference', m.stays_form_reference())}
          {text('price', onPlatform ? m.stays_form_price() : m.stays_form_priceOfStay(), 'priceCents')}
          {onPlatform && text('commission', m.stays_form_commission(), 'commissionCents')}
          {/* A phone guest may have paid a deposit only: the stay then shows its balance due (decision 0051). */}
          {!onPlatform && text('paid', m.stays_form_paid(), 'paidCents', 'text', m.stays_form_paidHint())}
        </div>
        {onPlatform && (
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              checked={taxByPlatform(draft)}
              aria-invalid={errors.touristTaxCollectedBy ? true : undefined}
              aria-describedby={errors.touristTaxCollectedBy ? `${id}-tax-error` : undefined}
              onChange={(e) => change({ taxByPlatform: e.target.checked })}
            />
            {m.stays_form_taxByPlatform()}
          </label>
        )}
        {errors.touristTaxCollectedBy && (
          <p id={`${id}-tax-error`} className="text-sm text-red-700">
            {errors.touristTaxCollectedBy}
          </p>
        )}
      </fieldset>
      <div>
        <button
          type="submit"
          disabled={sending}
          className="rounded-lg bg-lake-700 px-4 py-2 font-semibold text-white hover:bg-lake-800 disabled:opacity-60"
        >
          {sending ? m.stays_form_saving() : m.stays_form_submit()}
        </button>
      </div>
    </form>
  );
}
