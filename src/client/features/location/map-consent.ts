import { useSyncExternalStore } from 'react';

// The visitor's own choice to show the map, kept in this browser's storage: never sent to the
// server, and not a cookie. The prerender and the first render say "not chosen", so the page
// hydrates as it was prerendered and then shows the map if it was chosen on an earlier visit.
const KEY = 'estadia:show-map';
const listeners = new Set<() => void>();
/** The choice made on this page, for a browser whose storage is switched off. */
let chosenHere = false;

function read(): boolean {
  try {
    return window.localStorage.getItem(KEY) === 'yes';
  } catch {
    // Storage switched off: the choice holds for this page only.
    return chosenHere;
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

function choose(show: boolean): void {
  chosenHere = show;
  try {
    if (show) window.localStorage.setItem(KEY, 'yes');
    else window.localStorage.removeItem(KEY);
  } catch {
    // See read().
  }
  for (const listener of listeners) listener();
}

/** Whether the visitor chose to show the map in this browser, and how to change that. */
export function useMapChoice(): [shown: boolean, choose: (show: boolean) => void] {
  return [useSyncExternalStore(subscribe, read, () => false), choose];
}
