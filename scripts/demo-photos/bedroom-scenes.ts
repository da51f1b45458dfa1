// Bedrooms: the double rooms, the bunk beds, the bedside lamp and the wardrobe, chosen from the
// alt text.
import { lamp, plant, roomShell, rug, sideWindow, wallWindow } from './room.js';
import type { Room } from './room.js';
import type { Svg } from './svg-kit.js';
import { pick, poly, rect, tint } from './svg-kit.js';

const LINEN = ['#f3efe6', '#dfe7ea', '#efe2cf', '#e6e0ea'];
const THROWS = ['#9a5b4a', '#6d7f96', '#7d8f7a', '#c9a46a', '#8a7a9a'];

function bed(svg: Svg, room: Room, cx: number, w: number) {
  const rng = svg.rng;
  const { y1 } = room;
  const cover = pick(rng, LINEN);
  svg.add(rect(cx - w / 2 - 20, y1 - 300, w + 40, 300, tint(room.wood, 0, -0.08), 'rx="12"'));
  for (const dx of [-w / 4, w / 4]) svg.add(rect(cx + dx - w / 5, y1 - 190, (w * 2) / 5, 80, '#ffffff', 'rx="24"'));
  svg.add(
    poly(
      [
        [cx - w / 2, y1 - 130],
        [cx + w / 2, y1 - 130],
        [cx + w / 2 + 90, y1 + 180],
        [cx - w / 2 - 90, y1 + 180],
      ],
      cover,
    ),
    rect(cx - w / 2 - 90, y1 + 180, w + 180, 70, tint(cover, 0, -0.06)),
  );
  svg.add(
    poly(
      [
        [cx - w / 2 - 30, y1 + 30],
        [cx + w / 2 + 30, y1 + 30],
        [cx + w / 2 + 80, y1 + 150],
        [cx - w / 2 - 80, y1 + 150],
      ],
      pick(rng, THROWS),
    ),
  );
  svg.add(
    poly(
      [
        [cx - w / 2, y1 - 120],
        [cx + w / 2, y1 - 120],
        [cx + w / 2 + 8, y1 - 90],
        [cx - w / 2 - 8, y1 - 90],
      ],
      tint(cover, 0, 0.03),
    ),
  );
}

function nightstand(svg: Svg, room: Room, x: number) {
  svg.add(
    rect(x - 70, room.y1 - 150, 140, 150, tint(room.wood, 0, -0.04)),
    rect(x - 60, room.y1 - 130, 120, 46, tint(room.wood, 0, 0.05)),
    rect(x - 14, room.y1 - 112, 28, 6, '#4a4038'),
  );
  lamp(svg, x, room.y1 - 290, 1, room.y1 - 150);
}

function bunkBeds(svg: Svg, room: Room, x: number, w: number) {
  const rng = svg.rng;
  const wood = tint(room.wood, 0, -0.06);
  for (const level of [0, 1]) {
    const y = room.y1 - 90 - level * 250;
    svg.add(
      rect(x, y - 50, w, 50, '#ffffff'),
      rect(x + 20, y - 78, 110, 36, '#f3efe6', 'rx="14"'),
      rect(x + 130, y - 56, w - 130, 40, pick(rng, THROWS), 'rx="6"'),
      rect(x, y, w, 26, wood),
    );
  }
  for (const dx of [0, w - 26]) svg.add(rect(x + dx, room.y1 - 460, 26, 460, wood));
  svg.add(rect(x, room.y1 - 420, w, 18, wood));
  const lx = x + w - 150;
  svg.add(rect(lx, room.y1 - 360, 12, 360, wood), rect(lx + 80, room.y1 - 360, 12, 360, wood));
  for (let r = 0; r < 5; r++) svg.add(rect(lx, room.y1 - 60 - r * 70, 92, 12, wood));
}

function wardrobe(svg: Svg, room: Room, x: number) {
  const rng = svg.rng;
  const top = room.y0 + 40;
  const h = room.y1 - top;
  svg.add(
    rect(x, top, 360, h, tint(room.wood, 0, -0.05)),
    rect(x + 20, top + 20, 160, h - 40, tint(room.wood, 0, -0.25)),
  );
  for (let s = 0; s < 4; s++) {
    const y = top + 40 + s * ((h - 60) / 4);
    svg.add(rect(x + 20, y + 70, 160, 8, tint(room.wood, 0, 0.05)));
    for (let i = 0; i < 3; i++)
      svg.add(rect(x + 30, y + 70 - (i + 1) * 18, 140, 16, pick(rng, [...LINEN, ...THROWS]), 'rx="4"'));
  }
  svg.add(rect(x + 190, top + 20, 150, h - 40, tint(room.wood, 0, 0.04)), rect(x + 200, top + h / 2, 8, 50, '#4a4038'));
  svg.add(
    poly(
      [
        [x + 20, top + 20],
        [x - 90, top - 10],
        [x - 90, top + h + 30],
        [x + 20, top + h - 20],
      ],
      tint(room.wood, 0, 0.02),
    ),
  );
}

export function bedroomScene(svg: Svg, alt: string) {
  const rng = svg.rng;
  const room = roomShell(svg, alt, 'planks', rng() > 0.6);
  const cx = (room.x0 + room.x1) / 2;
  if (/bunk/i.test(alt)) {
    wallWindow(svg, room, room.x0 + 70, room.y0 + 90, 170, 150, false);
    bunkBeds(svg, room, cx - 160, 560);
    rug(svg, room, cx - 100, room.y1 + 70, 500, 160);
    plant(svg, room.x0 + 90, room.y1 + 60, 0.9);
  } else if (/wardrobe|linen/i.test(alt)) {
    wardrobe(svg, room, room.x0 + 120);
    bed(svg, room, room.x1 - 180, 300);
    sideWindow(svg, room, 0.35, 0.75, 0.25, 0.6);
  } else if (/lamp|bedside/i.test(alt)) {
    nightstand(svg, room, cx - 60);
    bed(svg, room, cx + 420, 420);
    sideWindow(svg, room, 0.3, 0.75, 0.25, 0.6);
  } else {
    wallWindow(svg, room, cx - 190, room.y0 + 60, 380, 260);
    bed(svg, room, cx, /double|main/i.test(alt) ? 440 : 380);
    for (const side of [-1, 1]) nightstand(svg, room, cx + side * 330);
  }
}
