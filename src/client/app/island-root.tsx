import { type ComponentType, startTransition, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { setPageLocale } from '../i18n/locale';
import { IslandFrame, islandIdPrefix, type IslandName } from '../ui/island';

// React itself: loaded with the first island, after the first paint, never before it
// (docs/decisions/0021-react-islands.md).

/**
 * Marks the box once its island runs (`data-hydrated`), what the browser tests wait for, and calls
 * `onRun`. Renders nothing.
 */
function HydratedMark({ box, onRun }: { box: HTMLElement; onRun: () => void }) {
  useEffect(() => {
    box.setAttribute('data-hydrated', '');
    onRun();
  }, [box, onRun]);
  return null;
}

/**
 * Hydrates one island's prerendered box as a React root of its own, in the page's language, and
 * calls `onRun` once it runs.
 */
export function hydrateIsland(box: HTMLElement, name: IslandName, Component: ComponentType, onRun: () => void): void {
  setPageLocale(document.documentElement.lang);
  // In a transition, React hydrates in slices of a few milliseconds and lets the browser answer
  // in between, rather than in one long task per island (decision 0028).
  startTransition(() => {
    hydrateRoot(
      box,
      <IslandFrame>
        <Component />
        <HydratedMark box={box} onRun={onRun} />
      </IslandFrame>,
      { identifierPrefix: islandIdPrefix(name) },
    );
  });
}
