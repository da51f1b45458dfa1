import { type ReactNode, Suspense, useRef } from 'react';
import { useInView } from '../lib/use-in-view';

interface Props {
  /** Usually a React.lazy component: its code is fetched only once the visitor scrolls near. */
  children: ReactNode;
  /** Shown until then, and in the prerendered page: it should take the same room. */
  placeholder: ReactNode;
  rootMargin?: string;
}

/** Renders its children once the spot comes within `rootMargin` of the viewport. */
export function WhenNear({ children, placeholder, rootMargin = '600px' }: Props) {
  const spot = useRef<HTMLDivElement>(null);
  const near = useInView(spot, { rootMargin });
  return <div ref={spot}>{near ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder}</div>;
}
