import { useEffect, useId, useState } from 'react';
import { REVIEW_COMMENT_MAX, REVIEW_NAME_MAX } from '../../../shared/constants';
import { RATINGS } from '../../lib/constants';
import type { ReviewInput } from '../../../shared/reviews';
import { fieldErrorText } from '../../i18n/error-text';
import { m } from '../../i18n/paraglide/messages';
import { api, ApiError } from '../../lib/api';
import { formatStayMonth } from '../../lib/format-date';
import { ErrorSummary, useFieldProblems } from '../../ui/form-errors';
import { Honeypot, SubmitButton } from '../../ui/form-parts';
import { Field } from '../../ui/field';
import { PrivacyNote } from '../../ui/privacy-note';
import { ResultHeading } from '../../ui/result-heading';
import { useToast } from '../../ui/toast';
import { useSubmit } from '../../ui/use-submit';

const EMPTY = { clientName: '', rating: 5, comment: '', website: '' };

type Invitation = { token: string; firstName: string; stayMonth: string } | 'gone' | null;

/** The invitation in the page's address (`?review=…`, from the thank-you mail), read once. */
function useInvitation(prefill: (firstName: string) => void) {
  const [invitation, setInvitation] = useState<Invitation>(null);
  useEffect(() => {
    const token = new URLSearchParams(window.location.search).get('review');
    if (!token) return;
    api<{ firstName: string; stayMonth: string }>(`/api/review-invitations/${encodeURIComponent(token)}`).then(
      (found) => {
        setInvitation({ token, ...found });
        prefill(found.firstName);
      },
      () => setInvitation('gone'),
    );
    // Read once, on arrival: `prefill` only fills the name the guest has not typed yet.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return [invitation, setInvitation] as const;
}

export function ReviewForm() {
  const toast = useToast();
  const id = useId();
  const [values, setValues] = useState(EMPTY);
  const [sent, setSent] = useState(false);
  const [invitation, setInvitation] = useInvitation((firstName) =>
    setValues((now) => (now.clientName ? now : { ...now, clientName: firstName })),
  );
  const fields = useFieldProblems();
  const controlId = (field: string) => `${id}-${field === 'clientName' ? 'name' : field}`;
  const { submit, sending } = useSubmit<ReviewInput>({
    check: async () => {
      // The shared schema (and zod) load on the first submit, not with the page.
      fields.clear();
      const { ReviewInputSchema, issuesByField } = await import('../../lib/validation');
      const parsed = ReviewInputSchema.safeParse({
        ...values,
        ...(invitation && invitation !== 'gone' ? { invitation: invitation.token } : {}),
      });
      return parsed.success ? { data: parsed.data } : { problems: issuesByField(parsed.error) };
    },
    send: (data) => api('/api/reviews', { method: 'POST', body: data }),
    onInvalid: (found) =>
      fields.show(
        found.map(({ field }) => {
          const empty = field in values && !String(values[field as keyof typeof values]).trim();
          return { field, controlId: controlId(field), text: fieldErrorText(field, empty) };
        }),
      ),
    onSent: () => {
      setValues(EMPTY);
      // The link makes one review: the address forgets it, and the form is an ordinary one again.
      if (invitation) window.history.replaceState(null, '', window.location.pathname + window.location.hash);
      setInvitation(null);
      setSent(true);
    },
    onFailed: (error) => {
      if (error instanceof ApiError && error.code === 'gone') setInvitation('gone');
      toast.error(m.reviews_submitFailed());
    },
  });

  if (sent) return <ReviewSent onAnother={() => setSent(false)} />;

  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-4 rounded-2xl bg-white p-6 shadow-sm"
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`} className="text-xl font-semibold text-lake-800">
        {m.reviews_formTitle()}
      </h3>
      <ErrorSummary problems={fields.problems} attempt={fields.attempt} />
      {invitation === 'gone' && (
        <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          {m.reviews_invitationGone()}
        </p>
      )}
      {invitation && invitation !== 'gone' && (
        <p role="status" data-testid="review-invited" className="rounded-lg bg-green-50 p-3 text-sm text-green-900">
          {m.reviews_invited({ month: formatStayMonth(invitation.stayMonth) })}
        </p>
      )}
      <Field id={`${id}-name`} label={m.reviews_name()} error={fields.errorOf('clientName')}>
        {(control) => (
          <input
            {...control}
            name="clientName"
            required
            maxLength={REVIEW_NAME_MAX}
            autoComplete="name"
            value={values.clientName}
            onChange={(e) => setValues({ ...values, clientName: e.target.value })}
          />
        )}
      </Field>
      <Field id={`${id}-rating`} label={m.reviews_rating()}>
        {(control) => (
          <select
            {...control}
            name="rating"
            value={values.rating}
            onChange={(e) => setValues({ ...values, rating: Number(e.target.value) })}
          >
            {RATINGS.map((n) => (
              <option key={n} value={n}>
                {m.reviews_ratingOption({ n })}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id={`${id}-comment`} label={m.reviews_comment()} error={fields.errorOf('comment')}>
        {(control) => (
          <textarea
            {...control}
            name="comment"
            required
            rows={4}
            maxLength={REVIEW_COMMENT_MAX}
            value={values.comment}
            onChange={(e) => setValues({ ...values, comment: e.target.value })}
          />
        )}
      </Field>
      <Honeypot id={`${id}-website`} value={values.website} onChange={(website) => setValues({ ...values, website })} />
      <SubmitButton sending={sending} label={m.reviews_submit()} sendingLabel={m.reviews_submitting()} />
      <PrivacyNote />
    </form>
  );
}

/**
 * What a sent review led to, in the form's place: its heading takes the focus, as every guest
 * form's outcome does (docs/decisions/0047-outcomes-in-view.md); "Write another review" brings
 * back an empty form.
 */
function ReviewSent({ onAnother }: { onAnother: () => void }) {
  return (
    <div role="status" className="space-y-3 rounded-2xl bg-white p-6 text-center shadow-sm" data-testid="review-sent">
      <ResultHeading className="text-xl font-semibold text-lake-800">{m.reviewForm_sentTitle()}</ResultHeading>
      <p className="text-slate-700">{m.reviewForm_sentText()}</p>
      <button
        type="button"
        onClick={onAnother}
        className="rounded-lg border border-lake-700 px-4 py-2 font-medium text-lake-800 hover:bg-lake-50"
      >
        {m.reviewForm_another()}
      </button>
    </div>
  );
}
