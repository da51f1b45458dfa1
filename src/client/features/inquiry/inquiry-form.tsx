import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { pageLocale, property } from '../../i18n/locale';
import { GUESTS_MIN, INQUIRY_MESSAGE_MAX, INQUIRY_NAME_MAX } from '../../../shared/constants';
import { localDay } from '../../../shared/dates';
import type { InquiryInput } from '../../../shared/inquiries';
import { errorText, fieldErrorText } from '../../i18n/error-text';
import { m } from '../../i18n/paraglide/messages';
import { api, ApiError } from '../../lib/api';
import { queryClient } from '../../lib/query-client';
import { Field } from '../../ui/field';
import { ErrorSummary, type FieldProblem, useFieldProblems } from '../../ui/form-errors';
import { Honeypot, SubmitButton } from '../../ui/form-parts';
import { ResultHeading } from '../../ui/result-heading';
import { useSubmit } from '../../ui/use-submit';
import { StayDates } from './stay-dates';
import { type QuestionParty, QuestionPartyFields } from './question-party';
import { AVAILABILITY_QUERY_KEY, useAvailability } from '../../lib/use-availability';

// The estimate brings the shared price code (and, through its schemas, zod): the same, so the
// form does not wait for it. It is fetched as the form appears, before any dates are chosen.
const QuoteEstimate = lazy(() => import('./quote-estimate'));

const EMPTY = { name: '', email: '', guests: '', message: '', website: '' };

/**
 * The booking inquiry form; its date fields leave out the nights the calendar shows as booked.
 * When the site takes bookings, the booking panel holds the stay, and this form is "Ask a
 * question": the message first, then who asks, then, if they like, dates and who would stay (no
 * price), so the owner can answer with an offer.
 */
export function InquiryForm({ question = false }: { question?: boolean }) {
  return (
    <QueryClientProvider client={queryClient}>
      <InquiryFormContent question={question} />
    </QueryClientProvider>
  );
}

function InquiryFormContent({ question }: { question: boolean }) {
  const id = useId();
  const [values, setValues] = useState(EMPTY);
  // `YYYY-MM-DD` days, as they are sent.
  const [checkIn, setCheckIn] = useState<string | null>(null);
  const [checkOut, setCheckOut] = useState<string | null>(null);
  const [party, setParty] = useState<QuestionParty>({ adults: null, childrenAges: [] });
  const [sent, setSent] = useState(false);
  const [error, setError] = useState('');
  const fields = useFieldProblems();
  const { unavailable } = useAvailability();
  const controlIds: Record<string, string> = {
    name: `${id}-name`,
    email: `${id}-email`,
    guests: `${id}-guests`,
    message: `${id}-message`,
    checkIn: `${id}-check-in`,
    checkOut: `${id}-check-out`,
    adults: `${id}-adults`,
    childrenAges: `${id}-child-0`,
  };
  const problem = (field: string, text: string): FieldProblem => ({
    field,
    controlId: controlIds[field] ?? `${id}-${field}`,
    text,
  });
  const empty = (field: string) =>
    field === 'checkIn' ? !checkIn : field === 'checkOut' ? !checkOut : !values[field as 'name']?.trim();

  const { submit, sending } = useSubmit<InquiryInput>({
    check: async () => {
      setSent(false);
      setError('');
      fields.clear();
      // The shared schema (and zod) load on the first submit, not with the page.
      const { inquiryInputSchema, issuesByField } = await import('../../lib/validation');
      const parsed = inquiryInputSchema(localDay(new Date()), property.capacity, property.locales).safeParse({
        name: values.name,
        email: values.email,
        guests: values.guests === '' ? undefined : Number(values.guests),
        ...(question && (party.adults !== null || party.childrenAges.length > 0)
          ? { adults: party.adults ?? undefined, childrenAges: party.childrenAges }
          : {}),
        message: values.message,
        checkIn: checkIn ?? undefined,
        checkOut: checkOut ?? undefined,
        website: values.website || undefined,
        // The owner's mail says which language the guest wrote from.
        locale: pageLocale,
      });
      return parsed.success ? { data: parsed.data } : { problems: issuesByField(parsed.error) };
    },
    send: (data) => api('/api/inquiries', { method: 'POST', body: data }),
    // Nothing was sent: the problems alone, without "There was an error sending…".
    onInvalid: (found) => fields.show(found.map((p) => problem(p.field, fieldErrorText(p.field, empty(p.field))))),
    onSent: () => {
      setValues(EMPTY);
      setParty({ adults: null, childrenAges: [] });
      setSent(true);
    },
    onFailed: (e) => {
      // A field the server refused although the form's check passed is shown on that field.
      if (e instanceof ApiError && e.code === 'invalid_field' && e.field && controlIds[e.field])
        return fields.show([problem(e.field, errorText(e))]);
      setError(m.inquiry_sendFailed({ reason: errorText(e) }));
      // Someone took those nights meanwhile: the pickers should know it too.
      if (e instanceof ApiError && e.code === 'dates_unavailable')
        void queryClient.invalidateQueries({ queryKey: AVAILABILITY_QUERY_KEY });
    },
  });

  if (sent) {
    return (
      <div
        role="status"
        className="flex flex-col items-center justify-center gap-3 rounded-2xl bg-white p-10 text-center shadow-sm"
      >
        <ResultHeading className="text-2xl font-semibold text-lake-800">{m.inquiry_sentTitle()}</ResultHeading>
        <p className="text-slate-700">{m.inquiry_sentText()}</p>
      </div>
    );
  }

  const set = (field: keyof typeof EMPTY) => (e: { target: { value: string } }) =>
    setValues({ ...values, [field]: e.target.value });

  const messageField = (
    <Field id={`${id}-message`} label={m.inquiry_message()} error={fields.errorOf('message')}>
      {(control) => (
        <textarea
          {...control}
          name="message"
          rows={6}
          maxLength={INQUIRY_MESSAGE_MAX}
          value={values.message}
          onChange={set('message')}
        />
      )}
    </Field>
  );
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={question ? m.question_title() : m.inquiry_form()}
      className="space-y-4 rounded-2xl bg-white p-6 shadow-sm"
    >
      {question && (
        <div>
          <h3 className="text-xl font-semibold text-lake-800">{m.question_title()}</h3>
          <p className="mt-1 text-sm text-slate-600">{m.question_intro()}</p>
        </div>
      )}
      <ErrorSummary problems={fields.problems} attempt={fields.attempt} />
      {question && messageField}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-name`} label={m.inquiry_name()} error={fields.errorOf('name')}>
          {(control) => (
            <input
              {...control}
              name="name"
              required
              maxLength={INQUIRY_NAME_MAX}
              autoComplete="name"
              value={values.name}
              onChange={set('name')}
            />
          )}
        </Field>
        <Field id={`${id}-email`} label={m.inquiry_email()} error={fields.errorOf('email')}>
          {(control) => (
            <input
              {...control}
              name="email"
              type="email"
              required
              autoComplete="email"
              value={values.email}
              onChange={set('email')}
            />
          )}
        </Field>
        {question && (
          <>
            <p className="text-sm text-slate-600 sm:col-span-2">{m.question_stayOptional()}</p>
            <StayDates
              id={id}
              checkIn={checkIn}
              checkOut={checkOut}
              onCheckIn={setCheckIn}
              onCheckOut={setCheckOut}
              placeholders={[m.inquiry_checkInPlaceholder(), m.inquiry_checkOutPlaceholder()]}
              errors={{ checkIn: fields.errorOf('checkIn'), checkOut: fields.errorOf('checkOut') }}
            />
            <QuestionPartyFields id={id} party={party} onChange={setParty} errorOf={fields.errorOf} />
          </>
        )}
        {!question && (
          <>
            <StayDates
              id={id}
              checkIn={checkIn}
              checkOut={checkOut}
              onCheckIn={setCheckIn}
              onCheckOut={setCheckOut}
              placeholders={[m.inquiry_checkInPlaceholder(), m.inquiry_checkOutPlaceholder()]}
              errors={{ checkIn: fields.errorOf('checkIn'), checkOut: fields.errorOf('checkOut') }}
            />
            <Field id={`${id}-guests`} label={m.inquiry_guests()} error={fields.errorOf('guests')}>
              {(control) => (
                <input
                  {...control}
                  name="guests"
                  type="number"
                  inputMode="numeric"
                  min={GUESTS_MIN}
                  max={property.capacity}
                  step={1}
                  value={values.guests}
                  onChange={set('guests')}
                />
              )}
            </Field>
          </>
        )}
      </div>
      {property.pricing && !question && (
        <Suspense fallback={null}>
          <QuoteEstimate stay={{ checkIn, checkOut, guests: values.guests }} unavailable={unavailable} />
        </Suspense>
      )}
      {!question && messageField}
      <Honeypot id={`${id}-website`} value={values.website} onChange={(website) => setValues({ ...values, website })} />
      {error && (
        <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800">
          {error}
        </p>
      )}
      <SubmitButton sending={sending} label={m.inquiry_send()} sendingLabel={m.inquiry_sending()} />
    </form>
  );
}
