import { useId, useState } from 'react';
import { REVIEW_COMMENT_MAX, REVIEW_NAME_MAX } from '../../../shared/constants';
import { RATINGS } from '../../lib/constants';
import type { ReviewInput } from '../../../shared/reviews';
import { problemText } from '../../i18n/error-text';
import { m } from '../../i18n/paraglide/messages';
import { api } from '../../lib/api';
import { Honeypot, SubmitButton } from '../../ui/form-parts';
import { PrivacyNote } from '../../ui/privacy-note';
import { useToast } from '../../ui/toast';
import { useSubmit } from '../../ui/use-submit';

const EMPTY = { clientName: '', rating: 5, comment: '', website: '' };

export function ReviewForm() {
  const toast = useToast();
  const id = useId();
  const [values, setValues] = useState(EMPTY);
  const [problem, setProblem] = useState<{ field: string; message: string } | null>(null);
  const { submit, sending } = useSubmit<ReviewInput>({
    check: async () => {
      // The shared schema (and zod) load on the first submit, not with the page.
      const { ReviewInputSchema, firstIssue } = await import('../../lib/validation');
      const parsed = ReviewInputSchema.safeParse(values);
      return parsed.success ? { data: parsed.data } : { problem: firstIssue(parsed.error) };
    },
    send: (data) => {
      setProblem(null);
      return api('/api/reviews', { method: 'POST', body: data });
    },
    onInvalid: (found) => setProblem({ field: found.field, message: problemText(found) }),
    onSent: () => {
      setValues(EMPTY);
      toast.success(m.reviews_thanks());
    },
    onFailed: () => toast.error(m.reviews_submitFailed()),
  });

  const errorFor = (field: string) =>
    problem?.field === field ? (
      <p id={`${id}-${field}-error`} className="mt-1 text-sm text-red-700">
        {problem.message}
      </p>
    ) : null;
  const describedBy = (field: string) => (problem?.field === field ? `${id}-${field}-error` : undefined);

  return (
    <form onSubmit={submit} noValidate className="space-y-4 rounded-2xl bg-white p-6 shadow-sm" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="text-xl font-semibold text-lake-800">
        {m.reviews_formTitle()}
      </h3>
      <div>
        <label htmlFor={`${id}-name`} className="block text-sm font-medium text-slate-700">
          {m.reviews_name()}
        </label>
        <input
          id={`${id}-name`}
          name="clientName"
          required
          maxLength={REVIEW_NAME_MAX}
          autoComplete="name"
          value={values.clientName}
          onChange={(e) => setValues({ ...values, clientName: e.target.value })}
          aria-invalid={problem?.field === 'clientName'}
          aria-describedby={describedBy('clientName')}
          className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 focus:border-lake-600 focus:outline-2 focus:outline-lake-600"
        />
        {errorFor('clientName')}
      </div>
      <div>
        <label htmlFor={`${id}-rating`} className="block text-sm font-medium text-slate-700">
          {m.reviews_rating()}
        </label>
        <select
          id={`${id}-rating`}
          name="rating"
          value={values.rating}
          onChange={(e) => setValues({ ...values, rating: Number(e.target.value) })}
          className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 focus:border-lake-600 focus:outline-2 focus:outline-lake-600"
        >
          {RATINGS.map((n) => (
            <option key={n} value={n}>
              {m.reviews_ratingOption({ n })}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-comment`} className="block text-sm font-medium text-slate-700">
          {m.reviews_comment()}
        </label>
        <textarea
          id={`${id}-comment`}
          name="comment"
          required
          rows={4}
          maxLength={REVIEW_COMMENT_MAX}
          value={values.comment}
          onChange={(e) => setValues({ ...values, comment: e.target.value })}
          aria-invalid={problem?.field === 'comment'}
          aria-describedby={describedBy('comment')}
          className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 focus:border-lake-600 focus:outline-2 focus:outline-lake-600"
        />
        {errorFor('comment')}
      </div>
      <Honeypot id={`${id}-website`} value={values.website} onChange={(website) => setValues({ ...values, website })} />
      <SubmitButton sending={sending} label={m.reviews_submit()} sendingLabel={m.reviews_submitting()} />
      <PrivacyNote />
    </form>
  );
}
