import { oneTaskEach } from '../lib/one-task-each';
import type { IslandName } from '../ui/island';
import { holdEarlyPresses, releaseEarlyPresses } from './early-presses';
import { ISLANDS } from './islands';

/** How near the viewport a below-the-fold island starts to load. */
const NEAR = '600px';

// The entry module holds no React: it and React's client would otherwise load before the first
// paint, which is all the first view needs (docs/decisions/0021-react-islands.md).
async function hydrate(box: HTMLElement, name: IslandName) {
  const [{ hydrateIsland }, Component] = await Promise.all([import('./island-root'), ISLANDS[name].load()]);
  hydrateIsland(box, name, Component, releaseEarlyPresses(box));
}

const entryOf = (box: HTMLElement) => ISLANDS[box.dataset.island as IslandName];

/**
 * Hydrates the prerendered page's islands, each once: those above the fold at once (the caller
 * waits for the first contentful paint), the others when they come within NEAR of the viewport,
 * or as soon as the visitor reaches for one. Nothing loads only because the browser is idle: a
 * phone left on the first view fetches the first view's code alone
 * (docs/decisions/0045-first-view-javascript-as-fetched.md). The rest of the page stays the
 * prerendered HTML.
 */
export function hydrateIslands(page: ParentNode): void {
  const started = new WeakSet<Element>();
  // Asking for an island's chunks is some milliseconds of work each (decision 0028).
  const inItsOwnTask = oneTaskEach();
  const boxes = [...page.querySelectorAll<HTMLElement>('[data-island]')].filter(entryOf);
  const companions = boxes.filter((box) => entryOf(box)?.companion);
  const start = (box: HTMLElement) => {
    if (started.has(box)) return;
    started.add(box);
    inItsOwnTask(() => void hydrate(box, box.dataset.island as IslandName));
    if (!entryOf(box)?.eager) companions.forEach(start);
  };
  for (const box of boxes) holdEarlyPresses(box, () => start(box));
  boxes.filter((box) => entryOf(box)?.eager).forEach(start);
  // A box is `display: contents`, so the observer watches its first child.
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        const box = entry.target.closest<HTMLElement>('[data-island]');
        if (box) start(box);
      }
    },
    { rootMargin: NEAR },
  );
  for (const box of boxes.filter((b) => !entryOf(b)?.eager && !entryOf(b)?.companion)) {
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    else start(box);
  }
}
