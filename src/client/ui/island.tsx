import { createContext, type ReactNode, StrictMode, useContext } from 'react';

/**
 * The interactive parts of the prerendered pages, each hydrated as a React root of its own
 * (app/islands.ts): the landing page's, and the login form, the only one of its page.
 */
export type IslandName =
  | 'header'
  | 'hero'
  | 'gallery'
  | 'attractions'
  | 'map'
  | 'availability'
  | 'inquiry'
  | 'panel'
  | 'reviews'
  | 'toasts'
  | 'login';

/** The prerender's collector: it renders each island's tree apart and puts it in the island's box. */
export const IslandSlots = createContext<((name: IslandName, tree: ReactNode) => void) | null>(null);

/** What wraps an island's tree, in the prerender and in the browser alike, so their markup matches. */
export function IslandFrame({ children }: { children: ReactNode }) {
  return <StrictMode>{children}</StrictMode>;
}

/** Each island's `useId`s get their own prefix, so two roots never make the same id. */
export const islandIdPrefix = (name: IslandName) => `${name}-`;

/**
 * An interactive part of the landing page. In the prerender it is an empty box that the prerender
 * fills with the part rendered as its own root, which the browser hydrates when it comes near
 * (docs/decisions/0021-react-islands.md). Outside the prerender (a component test, say) it is
 * simply part of the tree. `display: contents`: the box takes no room of its own.
 */
export function Island({
  name,
  inline = false,
  children,
}: {
  name: IslandName;
  /** Inside a heading or a paragraph: a <span>. */ inline?: boolean;
  children: ReactNode;
}) {
  const collect = useContext(IslandSlots);
  if (!collect) return <>{children}</>;
  collect(name, children);
  return inline ? <span data-island={name} className="contents" /> : <div data-island={name} className="contents" />;
}
