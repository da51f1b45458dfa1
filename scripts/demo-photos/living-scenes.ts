// The living room: fireplace and sofas, the dining table, the reading corner, the TV, the
// timber ceiling and the hallway, chosen from the alt text.
import { lamp, plant, roomShell, rug, sideWindow, wallWindow } from './room.js';
import type { Room } from './room.js';
import type { Svg } from './svg-kit.js';
import { between, circle, ellipse, path, pick, rect, tint } from './svg-kit.js';

const FABRICS = ['#7d8f7a', '#b9a88f', '#8c6f5a', '#6d7f96', '#c7b9a3', '#9a5b4a'];

function sofa(svg: Svg, cx: number, base: number, w: number, color: string) {
  const h = w * 0.38;
  svg.add(ellipse(cx, base, w * 0.55, 16, '#000', 'opacity="0.12"'));
  svg.add(
    rect(cx - w / 2 + 30, base - h, w - 60, h * 0.6, tint(color, 0, -0.05), 'rx="18"'),
    rect(cx - w / 2 + 20, base - h * 0.5, w - 40, h * 0.4, color, 'rx="12"'),
  );
  for (const side of [-1, 1])
    svg.add(rect(cx + side * (w / 2 - 35) - 35, base - h * 0.7, 70, h * 0.62, tint(color, 0, -0.08), 'rx="20"'));
  for (let i = 0; i < 3; i++)
    svg.add(
      rect(
        cx - w / 2 + 70 + (i * (w - 140)) / 3,
        base - h * 0.95,
        (w - 160) / 3,
        h * 0.45,
        tint(color, 0, 0.06),
        'rx="14"',
      ),
    );
  svg.add(rect(cx - w / 2 + 40, base - 10, 12, 14, '#3a2f28'), rect(cx + w / 2 - 52, base - 10, 12, 14, '#3a2f28'));
}

function fireplace(svg: Svg, room: Room, cx: number) {
  const w = 340;
  svg.add(rect(cx - w / 2, room.y0, w, room.y1 - room.y0, tint('#bdb09a', 0, -0.02)));
  for (let y = room.y0 + 20; y < room.y1 - 20; y += 36)
    for (let x = cx - w / 2 + ((y / 36) % 2) * 30; x < cx + w / 2 - 40; x += 64)
      svg.add(rect(x + 4, y, 56, 30, tint('#bdb09a', 0, between(svg.rng, -0.06, 0.05)), 'rx="6"'));
  svg.add(
    rect(cx - w / 2 - 30, room.y1 - 250, w + 60, 26, tint(room.wood, 0, -0.15)),
    rect(cx - 110, room.y1 - 190, 220, 190, '#2b2522', 'rx="10"'),
  );
  svg.add(
    ellipse(
      cx,
      room.y1 - 60,
      150,
      90,
      svg.radial([
        [0, '#ffb347', 0.6],
        [1, '#ffb347', 0],
      ]),
    ),
  );
  svg.add(
    path(
      `M${cx - 60},${room.y1 - 20} Q${cx - 50},${room.y1 - 110} ${cx - 10},${room.y1 - 140} Q${cx},${room.y1 - 80} ${cx + 30},${room.y1 - 120} Q${cx + 60},${room.y1 - 60} ${cx + 60},${room.y1 - 20} Z`,
      '#f28c28',
    ),
  );
  svg.add(
    path(
      `M${cx - 30},${room.y1 - 20} Q${cx - 20},${room.y1 - 70} ${cx},${room.y1 - 90} Q${cx + 30},${room.y1 - 60} ${cx + 30},${room.y1 - 20} Z`,
      '#ffd25a',
    ),
    rect(cx - 80, room.y1 - 22, 160, 16, '#5a4030', 'rx="8"'),
  );
}

function coffeeTable(svg: Svg, cx: number, top: number, wood: string) {
  svg.add(
    ellipse(cx, top, 220, 46, tint(wood, 0, -0.05)),
    rect(cx - 180, top, 14, 60, tint(wood, 0, -0.2)),
    rect(cx + 166, top, 14, 60, tint(wood, 0, -0.2)),
  );
  svg.add(
    rect(cx - 60, top - 24, 90, 14, '#8a6a9a'),
    rect(cx - 50, top - 36, 70, 12, '#c9b27a'),
    circle(cx + 80, top - 12, 16, '#e8e2d6'),
  );
}

function bookshelf(svg: Svg, x: number, top: number, w: number, h: number, wood: string) {
  const rng = svg.rng;
  svg.add(rect(x, top, w, h, tint(wood, 0, -0.12)));
  for (let shelf = 0; shelf < 5; shelf++) {
    const y = top + 20 + (shelf * (h - 30)) / 5;
    let bx = x + 16;
    while (bx < x + w - 40) {
      const bw = between(rng, 16, 30);
      const bh = between(rng, 0.6, 0.85) * ((h - 30) / 5 - 16);
      svg.add(
        rect(
          bx,
          y + (h - 30) / 5 - 14 - bh,
          bw,
          bh,
          pick(rng, ['#8a3b32', '#35506e', '#c9a46a', '#4f6f58', '#e6ded0', '#6d4f7a']),
        ),
      );
      bx += bw + 3;
    }
    svg.add(rect(x, y + (h - 30) / 5 - 14, w, 12, wood));
  }
}

function tv(svg: Svg, room: Room, cx: number) {
  svg.add(
    rect(cx - 300, room.y1 - 130, 600, 118, tint(room.wood, 0, -0.1)),
    rect(cx - 290, room.y1 - 100, 280, 6, tint(room.wood, 0, -0.2)),
  );
  svg.add(
    rect(cx - 240, room.y1 - 420, 480, 270, '#1d1f24', 'rx="6"'),
    rect(
      cx - 228,
      room.y1 - 408,
      456,
      246,
      svg.linear(
        [
          [0, '#2c3a4a'],
          [1, '#1a2230'],
        ],
        [0, 0, 1, 1],
      ),
    ),
  );
}

function diningTable(svg: Svg, cx: number, top: number, w: number, wood: string) {
  for (let i = 0; i < 3; i++)
    svg.add(rect(cx - w * 0.35 + i * w * 0.35 - 28, top - 120, 56, 130, tint(wood, 0, -0.1), 'rx="8"'));
  svg.add(
    rect(cx - w / 2, top, w, 22, wood),
    rect(cx - w / 2 + 20, top + 22, 18, 170, tint(wood, 0, -0.15)),
    rect(cx + w / 2 - 38, top + 22, 18, 170, tint(wood, 0, -0.15)),
  );
  svg.add(
    circle(cx - w / 4, top - 10, 18, '#e8e2d6'),
    circle(cx + w / 4, top - 10, 18, '#e8e2d6'),
    rect(cx - 12, top - 60, 24, 60, '#7a9a8a', 'rx="8"'),
  );
  svg.add(
    rect(cx - 2, 0, 4, top - 300, '#333'),
    path(
      `M${cx - 70},${top - 230} L${cx + 70},${top - 230} L${cx + 30},${top - 300} L${cx - 30},${top - 300} Z`,
      '#3a3a3a',
    ),
  );
}

function stairs(svg: Svg, room: Room) {
  const steps = 10;
  for (let i = 0; i < steps; i++) {
    const x = room.x1 - 80 - i * 60;
    const y = room.y1 - i * 52;
    svg.add(
      rect(x - 60, y - 52, 180, 52, tint(room.wood, 0, -0.05 - (i % 2) * 0.03)),
      rect(x - 60, y - 52, 180, 8, tint(room.wood, 0, 0.08)),
    );
  }
  svg.add(
    path(
      `M${room.x1 - 20},${room.y1 - 120} L${room.x1 - 20 - steps * 60},${room.y1 - 120 - steps * 52}`,
      'none',
      'stroke="#3a2f28" stroke-width="10"',
    ),
  );
  for (let i = 0; i < steps; i += 2) svg.add(rect(room.x1 - 24 - i * 60, room.y1 - 120 - i * 52, 6, 70, '#3a2f28'));
}

export function interiorScene(svg: Svg, alt: string) {
  const rng = svg.rng;
  const beams = /beam|timber/i.test(alt) || rng() > 0.5;
  const room = roomShell(svg, alt, 'planks', beams);
  const cx = (room.x0 + room.x1) / 2;
  const fabric = pick(rng, FABRICS);
  if (/dining|window/i.test(alt)) {
    wallWindow(svg, room, cx - 260, room.y0 + 80, 520, 380);
    diningTable(svg, cx, room.y1 + 60, 620, room.wood);
  } else if (/reading|book/i.test(alt)) {
    bookshelf(svg, cx - 40, room.y0 + 60, 360, room.y1 - room.y0 - 60, room.wood);
    sideWindow(svg, room, 0.45, 0.8, 0.2, 0.55);
    lamp(svg, room.x0 + 40, room.y1 - 200, 1.2, room.y1 + 190);
    sofa(svg, room.x0 + 300, room.y1 + 300, 460, fabric);
  } else if (/tv/i.test(alt)) {
    tv(svg, room, cx);
    rug(svg, room, cx, room.y1 + 60, 760, 200);
    sofa(svg, cx, 1040, 820, fabric);
  } else if (/hall|stair/i.test(alt)) {
    stairs(svg, room);
    wallWindow(svg, room, room.x0 + 80, room.y0 + 80, 180, 260, false);
    plant(svg, room.x0 + 170, room.y1 + 40, 1.2);
  } else {
    fireplace(svg, room, cx);
    rug(svg, room, cx, room.y1 + 50, 700, 220);
    coffeeTable(svg, cx, room.y1 + 150, room.wood);
    sofa(svg, room.x0 - 20, room.y1 + 230, 520, fabric);
    sofa(svg, room.x1 + 40, room.y1 + 230, 520, tint(fabric, 12, 0.04));
    if (beams) sideWindow(svg, room, 0.3, 0.7, 0.25, 0.6);
  }
  if (!/hall|stair/i.test(alt) && rng() > 0.4) plant(svg, room.x1 - 60, room.y1 + 20, 1);
}
