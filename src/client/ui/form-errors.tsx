import { useEffect, useState } from 'react';
import { m } from '../i18n/paraglide/messages';

/** A refused field: its control's id (the summary links to it) and the words shown under it. */
export interface FieldProblem {
  field: string;
  controlId: string;
  text: string;
}

/** Where a control stands in the page, so the summary lists the fields in the form's order. */
function byPlace(a: FieldProblem, b: FieldProblem): number {
  const first = a.controlId ? document.getElementById(a.controlId) : null;
  const second = b.controlId ? document.getElementById(b.controlId) : null;
  if (!first || !second) return first ? -1 : second ? 1 : 0;
  return first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
}

const focusControl = (controlId: string) => document.getElementById(controlId)?.focus();

/**
 * The one way every guest form shows what it refused (docs/decisions/0043-form-errors.md): all the
 * problems at once, each under its field, listed in a summary at the top, and the focus on the
 * first refused field. `show` is called on each failed submit, even with the same problems.
 */
export function useFieldProblems() {
  const [problems, setProblems] = useState<FieldProblem[]>([]);
  // Counts the failed submits: the summary is announced, and the focus moved, after each one.
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const first = problems.find((p) => p.controlId);
    if (attempt > 0 && first) focusControl(first.controlId);
    // Only a new attempt moves the focus; correcting a field must not pull it back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);
  return {
    problems,
    attempt,
    show(found: FieldProblem[]) {
      // A problem without a control of its own (a stay's day in the booking's summary) has no link.
      const placed = found.map((p) => (document.getElementById(p.controlId) ? p : { ...p, controlId: '' }));
      setProblems(placed.toSorted(byPlace));
      setAttempt((n) => n + 1);
    },
    clear: () => setProblems([]),
    /** The words under `field`, if it was refused. */
    errorOf: (field: string) => problems.find((p) => p.field === field)?.text,
  };
}

/**
 * The top of a form after a refused submit: one link per refused field, in the form's order.
 * `role="alert"` announces it; it is made anew on each attempt, so the same problems are announced
 * again, while the focus goes to the first field. Its scroll margin keeps it below the site's
 * fixed header when one of its links takes the focus (docs/decisions/0047-outcomes-in-view.md).
 */
export function ErrorSummary({ problems, attempt }: { problems: FieldProblem[]; attempt: number }) {
  if (problems.length === 0) return null;
  return (
    <div
      key={attempt}
      role="alert"
      // A link focused by Shift+Tab brings the whole summary into view, below the fixed header.
      onFocus={(event) => event.currentTarget.scrollIntoView({ block: 'nearest', behavior: 'instant' })}
      className="scroll-mt-24 rounded-lg border-l-4 border-red-700 bg-red-50 px-4 py-3 text-sm text-red-900"
      data-testid="error-summary"
    >
      <p className="font-semibold">{m.form_problemsTitle()}</p>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        {problems.map((problem) => (
          <li key={problem.field}>
            {problem.controlId ? (
              <a
                href={`#${encodeURIComponent(problem.controlId)}`}
                onClick={(event) => {
                  event.preventDefault();
                  focusControl(problem.controlId);
                }}
                className="font-medium underline underline-offset-2 hover:text-red-700"
              >
                {problem.text}
              </a>
            ) : (
              problem.text
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
