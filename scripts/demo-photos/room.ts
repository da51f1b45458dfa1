// An indoor room in one-point perspective: back wall, side walls, ceiling and floor, plus the
// pieces every room may have (a window onto the lake, a rug, a plant).
import { palette, timeFromAlt, view } from './landscape.js';
import type { Palette } from './landscape.js';
import type { Svg } from './svg-kit.js';
import { between, ellipse, H, path, pick, poly, rect, tint, W } from './svg-kit.js';

export interface Room {
  /** The back wall's corners. */
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  wall: string;
  wood: string;
  outside: Palette;
}

export type Floor = 'planks' | 'tiles';

const WALLS = ['#efe9df', '#f1ece2', '#dfe3d3', '#eadccb', '#e9d7b5', '#e4e0d8'];
const WOODS = ['#b98b5e', '#a87b52', '#c49a6c', '#9a7050'];

export function roomShell(svg: Svg, alt: string, floor: Floor, beams: boolean, wallColor?: string): Room {
  const rng = svg.rng;
  const room: Room = {
    x0: between(rng, 300, 420),
    x1: between(rng, 1180, 1300),
    // A timber ceiling needs room to be seen.
    y0: between(rng, 150, 200) + (beams ? 90 : 0),
    y1: between(rng, 700, 760),
    wall: wallColor ?? pick(rng, WALLS),
    wood: pick(rng, WOODS),
    outside: palette(timeFromAlt(alt, rng), rng),
  };
  const { x0, x1, y0, y1, wall } = room;
  svg.add(
    poly(
      [
        [0, 0],
        [W, 0],
        [x1, y0],
        [x0, y0],
      ],
      beams ? tint(room.wood, 0, 0.1) : tint(wall, 0, 0.03),
    ),
  );
  svg.add(
    poly(
      [
        [0, 0],
        [x0, y0],
        [x0, y1],
        [0, H],
      ],
      tint(wall, 0, -0.07),
    ),
    poly(
      [
        [W, 0],
        [x1, y0],
        [x1, y1],
        [W, H],
      ],
      tint(wall, 0, -0.04),
    ),
  );
  svg.add(rect(x0, y0, x1 - x0, y1 - y0, wall));
  const ground = floor === 'planks' ? room.wood : pick(rng, ['#b8704a', '#a9a49a', '#c9c2b4']);
  svg.add(
    poly(
      [
        [x0, y1],
        [x1, y1],
        [W, H],
        [0, H],
      ],
      svg.linear([
        [0, tint(ground, 0, -0.06)],
        [1, ground],
      ]),
    ),
  );
  const seam = tint(ground, 0, -0.12);
  const lanes = floor === 'planks' ? 14 : 9;
  for (let i = 1; i < lanes; i++)
    svg.add(
      path(
        `M${x0 + ((x1 - x0) * i) / lanes},${y1} L${(W * i) / lanes},${H}`,
        'none',
        `stroke="${seam}" stroke-width="2"`,
      ),
    );
  if (floor === 'tiles')
    for (let k = 1; k < 6; k++) {
      const y = y1 + (H - y1) * Math.pow(k / 6, 1.6);
      const back = (H - y) / (H - y1);
      svg.add(rect(x0 * back, y, W - (W - x1) * back - x0 * back, 2, seam));
    }
  svg.add(rect(x0, y1 - 12, x1 - x0, 12, tint(wall, 0, -0.15)));
  if (beams)
    for (let k = 0; k < 5; k++) {
      const d = 0.08 + k * 0.2;
      const e = d + 0.09;
      svg.add(
        poly(
          [
            [x0 * d, y0 * d],
            [W - (W - x1) * d, y0 * d],
            [W - (W - x1) * e, y0 * e],
            [x0 * e, y0 * e],
          ],
          tint(room.wood, 0, -0.1),
        ),
      );
    }
  return room;
}

/** A window in the back wall, looking out over the lake. */
export function wallWindow(svg: Svg, room: Room, x: number, y: number, w: number, h: number, curtains = true) {
  svg.add(rect(x - 14, y - 14, w + 28, h + 28, tint(room.wall, 0, -0.1)));
  view(svg, x, y, w, h, room.outside);
  svg.add(
    rect(x + w / 2 - 5, y, 10, h, '#f3efe6'),
    rect(x, y + h * 0.4, w, 8, '#f3efe6'),
    rect(x - 24, y + h + 10, w + 48, 14, '#e6ded0'),
  );
  if (curtains) {
    const cloth = pick(svg.rng, ['#d9cbb2', '#c7d3cf', '#e2c9a8', '#cfc7d9']);
    svg.add(
      rect(x - 60, y - 40, w + 120, 8, '#6b5443'),
      path(
        `M${x - 60},${y - 32} L${x + 10},${y - 32} Q${x - 10},${y + h / 2} ${x + 20},${y + h + 40} L${x - 60},${y + h + 40} Z`,
        cloth,
      ),
    );
    svg.add(
      path(
        `M${x + w + 60},${y - 32} L${x + w - 10},${y - 32} Q${x + w + 10},${y + h / 2} ${x + w - 20},${y + h + 40} L${x + w + 60},${y + h + 40} Z`,
        cloth,
      ),
    );
  }
}

/** A point on the left wall: `t` from the front (0) to the back (1), `v` from ceiling (0) to floor (1). */
export function leftWall(room: Room, t: number, v: number): [number, number] {
  const top = room.y0 * t;
  const bottom = H + (room.y1 - H) * t;
  return [room.x0 * t, top + (bottom - top) * v];
}

/** A window in the left wall, drawn in perspective. */
export function sideWindow(svg: Svg, room: Room, t0: number, t1: number, v0: number, v1: number) {
  const quad: [number, number][] = [
    leftWall(room, t0, v0),
    leftWall(room, t1, v0),
    leftWall(room, t1, v1),
    leftWall(room, t0, v1),
  ];
  svg.add(
    poly(
      quad,
      svg.linear([
        [0, room.outside.skyTop],
        [0.6, room.outside.skyBottom],
        [0.62, room.outside.waterTop],
        [1, room.outside.waterBottom],
      ]),
    ),
  );
  svg.add(
    `<polygon points="${quad.map((p) => p.join(',')).join(' ')}" fill="none" stroke="#f3efe6" stroke-width="12"/>`,
  );
}

export function rug(svg: Svg, room: Room, cx: number, top: number, w: number, depth: number) {
  const color = pick(svg.rng, ['#b4654a', '#6f8a9a', '#c9a46a', '#8a7a9a']);
  const spread = (depth / (H - room.y1)) * 0.6;
  svg.add(
    poly(
      [
        [cx - w / 2, top],
        [cx + w / 2, top],
        [cx + (w / 2) * (1 + spread), top + depth],
        [cx - (w / 2) * (1 + spread), top + depth],
      ],
      color,
    ),
  );
  svg.add(
    poly(
      [
        [cx - w / 2 + 30, top + 12],
        [cx + w / 2 - 30, top + 12],
        [cx + (w / 2) * (1 + spread) - 40, top + depth - 16],
        [cx - (w / 2) * (1 + spread) + 40, top + depth - 16],
      ],
      'none',
      `stroke="${tint(color, 0, 0.15)}" stroke-width="6"`,
    ),
  );
}

export function plant(svg: Svg, x: number, base: number, s: number) {
  const rng = svg.rng;
  svg.add(
    path(
      `M${x - 40 * s},${base - 90 * s} L${x + 40 * s},${base - 90 * s} L${x + 30 * s},${base} L${x - 30 * s},${base} Z`,
      pick(rng, ['#b5643a', '#e8e2d6', '#4f5a5a']),
    ),
  );
  for (let i = 0; i < 7; i++)
    svg.add(
      ellipse(
        x + between(rng, -50, 50) * s,
        base - between(rng, 120, 220) * s,
        22 * s,
        60 * s,
        tint('#5d7a45', 0, between(rng, -0.06, 0.06)),
        `transform="rotate(${between(rng, -40, 40).toFixed(0)} ${x} ${base - 100 * s})"`,
      ),
    );
}

/** A lamp with a warm pool of light around its shade. */
export function lamp(svg: Svg, x: number, top: number, s: number, base: number) {
  svg.add(
    ellipse(
      x,
      top + 40 * s,
      160 * s,
      140 * s,
      svg.radial([
        [0, '#ffd98a', 0.45],
        [1, '#ffd98a', 0],
      ]),
    ),
  );
  svg.add(
    rect(x - 3 * s, top + 60 * s, 6 * s, base - top - 60 * s, '#4a4038'),
    path(
      `M${x - 35 * s},${top + 70 * s} L${x + 35 * s},${top + 70 * s} L${x + 22 * s},${top} L${x - 22 * s},${top} Z`,
      '#e7c48a',
    ),
  );
}
