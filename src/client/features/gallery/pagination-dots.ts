type Dot = { kind: 'dot'; index: number } | { kind: 'ellipsis'; side: 'start' | 'end' };

/**
 * At most `max` markers for `count` pages around `current`: a window of dots, with an ellipsis
 * marker at an end when pages lie beyond it. The ellipses count towards the maximum.
 */
export function paginationDots(count: number, current: number, max = 7): Dot[] {
  if (count <= 0) return [];
  if (count <= max) return Array.from({ length: count }, (_, index) => ({ kind: 'dot', index }));
  const active = Math.min(Math.max(current, 0), count - 1);
  // With both ellipses shown, max - 2 dots fit; near an end, one ellipsis frees a slot.
  let start: number;
  let end: number;
  if (active < max - 2) {
    start = 0;
    end = max - 2; // dots 0..max-2, then one ellipsis
  } else if (active > count - (max - 1)) {
    start = count - (max - 1);
    end = count - 1;
  } else {
    const inner = max - 2;
    start = active - Math.floor(inner / 2);
    end = start + inner - 1;
  }
  const dots: Dot[] = [];
  if (start > 0) dots.push({ kind: 'ellipsis', side: 'start' });
  for (let index = start; index <= end; index++) dots.push({ kind: 'dot', index });
  if (end < count - 1) dots.push({ kind: 'ellipsis', side: 'end' });
  return dots;
}
