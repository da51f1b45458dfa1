import { ChevronLeft, ChevronRight } from 'lucide-react';

interface Arrow {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  /** Not rendered at all (the reviews strip shows an arrow only where it can scroll). */
  hidden?: boolean;
}

const LOOKS = {
  // Beside a strip, from 768 px wide.
  floating: {
    button:
      'absolute top-1/2 hidden -translate-y-1/2 rounded-full bg-white p-2 shadow-md hover:bg-lake-50 disabled:opacity-40 md:block',
    previous: '-left-4',
    next: '-right-4',
    icon: 'size-6 text-lake-800',
  },
  // In a row under a card.
  inline: {
    button: 'rounded-full border border-slate-300 p-2 hover:bg-lake-50',
    previous: '',
    next: '',
    icon: 'size-5',
  },
  // On a dark full-screen viewer.
  overlay: {
    button: 'absolute top-1/2 -translate-y-1/2 rounded-full bg-black/50 p-2 text-white hover:bg-black/70',
    previous: 'left-2 md:left-6',
    next: 'right-2 md:right-6',
    icon: 'size-7',
  },
} as const;

/** The one pair of previous/next buttons every carousel and the photo viewer use. */
export function ArrowButtons({
  previous,
  next,
  look,
  iconClass,
}: {
  previous: Arrow;
  next: Arrow;
  look: keyof typeof LOOKS;
  iconClass?: string;
}) {
  const style = LOOKS[look];
  const button = (arrow: Arrow, side: 'previous' | 'next') =>
    arrow.hidden ? null : (
      <button
        type="button"
        aria-label={arrow.label}
        disabled={arrow.disabled}
        onClick={arrow.onClick}
        className={`${style.button} ${style[side]}`}
      >
        {side === 'previous' ? (
          <ChevronLeft aria-hidden className={iconClass ?? style.icon} />
        ) : (
          <ChevronRight aria-hidden className={iconClass ?? style.icon} />
        )}
      </button>
    );
  return (
    <>
      {button(previous, 'previous')}
      {button(next, 'next')}
    </>
  );
}
