interface Props {
  message: string;
  retryLabel: string;
  onRetry: () => void;
}

/** A failed load says so and offers another try, instead of an endless loading text. */
export function ErrorWithRetry({ message, retryLabel, onRetry }: Props) {
  return (
    <div className="flex flex-col items-start gap-3 py-4">
      <p className="text-slate-700">{message}</p>
      <button
        type="button"
        onClick={onRetry}
        className="rounded-lg border border-lake-700 px-4 py-2 font-medium text-lake-700 hover:bg-lake-50"
      >
        {retryLabel}
      </button>
    </div>
  );
}
