import type { ReactNode } from 'react';
import { Reveal } from './reveal';

interface Props {
  id: string;
  /** The section's h2; without it the children carry their own heading, `${id}-heading`. */
  title?: string;
  intro?: string;
  tone: 'sand' | 'white';
  /** Below the fixed header when jumped to; the gallery's link has its own offset instead. */
  scrollMargin?: boolean;
  /** The inner column's layout. */
  className?: string;
  children: ReactNode;
}

/** A landing section: its anchor, background, padding, heading and reveal, the same everywhere. */
export function Section({
  id,
  title,
  intro,
  tone,
  scrollMargin = true,
  className = 'mx-auto max-w-6xl',
  children,
}: Props) {
  const headingId = `${id}-heading`;
  const content = (
    <>
      {title && (
        <div className="mx-auto max-w-2xl text-center">
          <h2 id={headingId} className="font-heading text-3xl font-bold text-lake-800 md:text-4xl">
            {title}
          </h2>
          {intro && <p className="mt-4 text-slate-700">{intro}</p>}
        </div>
      )}
      {children}
    </>
  );
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={`${scrollMargin ? 'scroll-mt-16 ' : ''}${tone === 'sand' ? 'bg-sand-50' : 'bg-white'} px-4 py-20`}
    >
      <Reveal className={className}>{content}</Reveal>
    </section>
  );
}
