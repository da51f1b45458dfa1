import { type ReactNode, useEffect, useRef } from 'react';

/**
 * The heading of what a form's send led to ("Message sent!", the transfer to make): it takes the
 * focus as it appears, so a keyboard or screen reader user lands on the outcome, not on the page's
 * top where the removed form leaves them (docs/decisions/0043-form-errors.md).
 */
export function ResultHeading({
  id,
  level = 3,
  className,
  children,
}: {
  id?: string;
  level?: 2 | 3 | 4;
  className?: string;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const Tag = (['h2', 'h3', 'h4'] as const)[level - 2]!;
  return (
    <Tag
      ref={heading}
      id={id}
      tabIndex={-1}
      className={`scroll-mt-24 outline-none ${className ?? ''}`}
      data-result-heading
    >
      {children}
    </Tag>
  );
}
