// The outdoor pieces every scene shares: sky by time of day, wooded hills, the lake and trees.
import type { Rng, Svg } from './svg-kit.js';
import { between, circle, ellipse, path, pick, poly, rect, tint, vary, W } from './svg-kit.js';

export type TimeOfDay = 'morning' | 'midday' | 'afternoon' | 'sunset' | 'dusk' | 'night';

export interface Palette {
  time: TimeOfDay;
  skyTop: string;
  skyBottom: string;
  sun: string;
  hills: [far: string, mid: string, near: string];
  waterTop: string;
  waterBottom: string;
  grass: string;
}

const BASE: Record<TimeOfDay, Omit<Palette, 'time'>> = {
  morning: {
    skyTop: '#9cc3e0',
    skyBottom: '#f4e3cf',
    sun: '#fff4d6',
    hills: ['#a9b8b4', '#7f9a8a', '#4f6f58'],
    waterTop: '#bcd3d8',
    waterBottom: '#5f8a94',
    grass: '#8aa66a',
  },
  midday: {
    skyTop: '#3f8fd8',
    skyBottom: '#bfe0f5',
    sun: '#fffbe8',
    hills: ['#8fb0a8', '#5f8f66', '#3d6b45'],
    waterTop: '#5aa0c8',
    waterBottom: '#1f5f86',
    grass: '#7fa655',
  },
  afternoon: {
    skyTop: '#5f9fd6',
    skyBottom: '#f1e2c0',
    sun: '#fff0c4',
    hills: ['#9aab9a', '#6d8c5f', '#465f3c'],
    waterTop: '#7fb0c4',
    waterBottom: '#2f6678',
    grass: '#93a65c',
  },
  sunset: {
    skyTop: '#4b4a86',
    skyBottom: '#f6a35c',
    sun: '#ffd27a',
    hills: ['#8a6478', '#5c4560', '#352a40'],
    waterTop: '#e49a68',
    waterBottom: '#3d3a66',
    grass: '#4f5a3a',
  },
  dusk: {
    skyTop: '#27305e',
    skyBottom: '#c98a86',
    sun: '#ffc58a',
    hills: ['#5e5a7a', '#3f4560', '#262c40'],
    waterTop: '#7f7398',
    waterBottom: '#1d2444',
    grass: '#3a4a38',
  },
  night: {
    skyTop: '#0b1230',
    skyBottom: '#2c3a66',
    sun: '#f3f0dc',
    hills: ['#263250', '#1b2540', '#111a2e'],
    waterTop: '#2e3d68',
    waterBottom: '#0a1026',
    grass: '#1c2a26',
  },
};

/** Reads the time of day from the alt text, or picks a daylight one. */
export function timeFromAlt(alt: string, rng: Rng): TimeOfDay {
  if (/sunset|sun goes down/i.test(alt)) return 'sunset';
  if (/dusk|evening|lit/i.test(alt)) return 'dusk';
  if (/moon|night|star/i.test(alt)) return 'night';
  if (/mist|morning/i.test(alt)) return 'morning';
  if (/midday|clear|blue sky/i.test(alt)) return 'midday';
  return pick(rng, ['morning', 'midday', 'afternoon', 'afternoon'] as const);
}

export function palette(time: TimeOfDay, rng: Rng): Palette {
  const b = BASE[time];
  const h = (c: string) => vary(rng, c, 0.6);
  return {
    time,
    skyTop: h(b.skyTop),
    skyBottom: h(b.skyBottom),
    sun: b.sun,
    hills: [h(b.hills[0]), h(b.hills[1]), h(b.hills[2])],
    waterTop: h(b.waterTop),
    waterBottom: h(b.waterBottom),
    grass: h(b.grass),
  };
}

export function sky(svg: Svg, p: Palette, horizon: number) {
  const rng = svg.rng;
  svg.add(
    rect(
      0,
      0,
      W,
      horizon + 4,
      svg.linear([
        [0, p.skyTop],
        [1, p.skyBottom],
      ]),
    ),
  );
  const night = p.time === 'night';
  if (night)
    for (let i = 0; i < 70; i++)
      svg.add(
        circle(
          between(rng, 0, W),
          between(rng, 0, horizon * 0.8),
          between(rng, 0.8, 2.2),
          '#fff',
          `opacity="${between(rng, 0.4, 0.9).toFixed(2)}"`,
        ),
      );
  const low = p.time === 'sunset' || p.time === 'dusk';
  const x = between(rng, W * 0.2, W * 0.8);
  const y = low ? horizon - between(rng, 20, 70) : between(rng, horizon * 0.15, horizon * 0.45);
  const r = night ? 38 : low ? 70 : 48;
  svg.add(
    circle(
      x,
      y,
      r * 5,
      svg.radial([
        [0, p.sun, 0.55],
        [1, p.sun, 0],
      ]),
    ),
    circle(x, y, r, p.sun),
  );
  if (night) svg.add(circle(x - 10, y - 8, 8, '#d9d5bd'), circle(x + 12, y + 10, 6, '#d9d5bd'));
  if (!night)
    for (let i = 0; i < 3 + Math.floor(rng() * 3); i++)
      cloud(
        svg,
        between(rng, -50, W),
        between(rng, 40, horizon * 0.55),
        between(rng, 0.6, 1.3),
        low ? tint(p.skyBottom, 0, 0.08) : '#ffffff',
      );
  return { sunX: x, sunY: y };
}

function cloud(svg: Svg, x: number, y: number, s: number, color: string) {
  const rng = svg.rng;
  const puffs = Array.from({ length: 4 }, (_, i) =>
    ellipse(x + i * 55 * s, y - between(rng, 0, 25) * s, between(rng, 50, 80) * s, between(rng, 22, 34) * s, color),
  );
  svg.add(`<g opacity="${between(rng, 0.55, 0.85).toFixed(2)}">${puffs.join('')}</g>`);
}

/** A hill line; `wooded` gives it the bumpy outline of a forest canopy. */
export function ridge(svg: Svg, base: number, height: number, color: string, wooded: boolean, bottom: number): string {
  const rng = svg.rng;
  const phases = [rng() * 6, rng() * 6, rng() * 6];
  const yAt = (x: number) =>
    base -
    height *
      (0.55 +
        0.3 * Math.sin(x / 260 + phases[0]!) +
        0.15 * Math.sin(x / 97 + phases[1]!) +
        0.1 * Math.sin(x / 41 + phases[2]!));
  let d = `M0,${bottom} L0,${yAt(0).toFixed(1)}`;
  for (let x = 0; x < W;) {
    const step = wooded ? between(rng, 14, 30) : 40;
    const nx = Math.min(W, x + step);
    d += wooded
      ? ` A${(step * 0.62).toFixed(1)},${(step * 0.55).toFixed(1)} 0 0 1 ${nx.toFixed(1)},${yAt(nx).toFixed(1)}`
      : ` L${nx.toFixed(1)},${yAt(nx).toFixed(1)}`;
    x = nx;
  }
  const shape = path(`${d} L${W},${bottom} Z`, color);
  svg.add(shape);
  return shape;
}

/** Water from the horizon down, mirroring the nearest hill and the sun. */
export function lake(svg: Svg, p: Palette, horizon: number, bottom: number, nearHill: string, sunX: number) {
  const rng = svg.rng;
  svg.add(
    rect(
      0,
      horizon,
      W,
      bottom - horizon,
      svg.linear([
        [0, p.waterTop],
        [1, p.waterBottom],
      ]),
    ),
  );
  const water = svg.clip(rect(0, horizon, W, bottom - horizon, '#000'));
  svg.add(`<g clip-path="${water}" opacity="0.35" transform="translate(0 ${2 * horizon}) scale(1 -1)">${nearHill}</g>`);
  const glow = p.time === 'midday' ? 0.25 : 0.6;
  for (let y = horizon + 6; y < bottom; y += 10 + (y - horizon) * 0.08) {
    const w = between(rng, 30, 90) * (1 + (y - horizon) / 300);
    svg.add(
      rect(
        sunX - w / 2 + between(rng, -20, 20),
        y,
        w,
        3 + (y - horizon) / 120,
        p.sun,
        `opacity="${(glow * (1 - (y - horizon) / (bottom - horizon + 40))).toFixed(2)}"`,
      ),
    );
  }
  for (let i = 0; i < 26; i++) {
    const y = horizon + (bottom - horizon) * Math.pow(rng(), 0.7);
    svg.add(
      rect(between(rng, 0, W), y, between(rng, 40, 160) * (1 + (y - horizon) / 400), 2, '#ffffff', 'opacity="0.18"'),
    );
  }
}

export function mist(svg: Svg, horizon: number, strength = 0.55) {
  const rng = svg.rng;
  const soft = svg.blur(28);
  for (let i = 0; i < 6; i++)
    svg.add(
      ellipse(
        between(rng, 0, W),
        horizon + between(rng, -50, 30),
        between(rng, 250, 520),
        between(rng, 18, 40),
        '#ffffff',
        `opacity="${(strength * between(rng, 0.5, 1)).toFixed(2)}" filter="${soft}"`,
      ),
    );
}

export function pine(svg: Svg, x: number, base: number, h: number, color: string) {
  svg.add(rect(x - h * 0.03, base - h * 0.2, h * 0.06, h * 0.2, '#5a4030'));
  for (let i = 0; i < 3; i++) {
    const top = base - h + i * h * 0.22;
    const w = h * (0.2 + i * 0.09);
    svg.add(
      poly(
        [
          [x, top],
          [x - w, top + h * 0.42],
          [x + w, top + h * 0.42],
        ],
        tint(color, 0, i * 0.03),
      ),
    );
  }
}

export function roundTree(svg: Svg, x: number, base: number, h: number, color: string) {
  const rng = svg.rng;
  svg.add(rect(x - h * 0.035, base - h * 0.45, h * 0.07, h * 0.45, '#6b4d36'));
  for (let i = 0; i < 4; i++)
    svg.add(
      circle(
        x + between(rng, -0.18, 0.18) * h,
        base - h * between(rng, 0.6, 0.78),
        h * between(rng, 0.2, 0.28),
        tint(color, 0, (i - 2) * 0.025),
      ),
    );
}

/** Grey-green, twisted: the olive trees of the Ribatejo. */
export function olive(svg: Svg, x: number, base: number, h: number) {
  const rng = svg.rng;
  svg.add(
    path(
      `M${x - h * 0.06},${base} C${x - h * 0.02},${base - h * 0.25} ${x + h * 0.1},${base - h * 0.3} ${x},${base - h * 0.55} L${x + h * 0.06},${base - h * 0.55} C${x + h * 0.16},${base - h * 0.3} ${x + h * 0.04},${base - h * 0.2} ${x + h * 0.08},${base} Z`,
      '#6e5d4c',
    ),
  );
  for (let i = 0; i < 7; i++)
    svg.add(
      ellipse(
        x + between(rng, -0.38, 0.38) * h,
        base - h * between(rng, 0.58, 0.9),
        h * between(rng, 0.14, 0.24),
        h * between(rng, 0.08, 0.13),
        pick(rng, ['#8c9a78', '#7a8a6a', '#9aa888']),
      ),
    );
}

/** A small landscape inside a window frame. */
export function view(svg: Svg, x: number, y: number, w: number, h: number, p: Palette) {
  svg.add(
    rect(
      x,
      y,
      w,
      h * 0.6,
      svg.linear([
        [0, p.skyTop],
        [1, p.skyBottom],
      ]),
    ),
  );
  svg.add(
    rect(x, y + h * 0.55, w, h * 0.12, p.hills[1]),
    rect(
      x,
      y + h * 0.62,
      w,
      h * 0.38,
      svg.linear([
        [0, p.waterTop],
        [1, p.waterBottom],
      ]),
    ),
  );
  svg.add(
    path(
      `M${x},${y + h * 0.58} Q${x + w * 0.3},${y + h * 0.42} ${x + w * 0.6},${y + h * 0.56} T${x + w},${y + h * 0.5} L${x + w},${y + h * 0.62} L${x},${y + h * 0.62} Z`,
      p.hills[2],
    ),
  );
}
