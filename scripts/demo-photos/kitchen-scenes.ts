// The kitchen: a run of cabinets along the back wall with whatever the alt text points at
// (oven and hob, coffee corner, shelves, the terrace door, fridge and dishwasher).
import { view } from './landscape.js';
import { plant, roomShell, wallWindow } from './room.js';
import type { Room } from './room.js';
import type { Svg } from './svg-kit.js';
import { between, circle, ellipse, H, pick, rect, tint, W } from './svg-kit.js';

interface Kitchen {
  room: Room;
  front: string;
  counterY: number;
}

function cabinets(svg: Svg, k: Kitchen, from: number, to: number) {
  const { room, front, counterY } = k;
  svg.add(rect(from, counterY, to - from, room.y1 - counterY, front));
  for (let x = from; x < to - 20; x += 130) {
    const w = Math.min(124, to - x - 6);
    svg.add(
      rect(x + 6, counterY + 30, w - 6, room.y1 - counterY - 50, tint(front, 0, 0.04), 'rx="4"'),
      rect(x + w / 2 - 18, counterY + 44, 36, 6, '#5a5550', 'rx="3"'),
    );
  }
  svg.add(rect(from - 10, counterY - 6, to - from + 20, 28, pick(svg.rng, ['#d8d2c6', '#5a5550', '#b89a74'])));
}

function uppers(svg: Svg, k: Kitchen, from: number, to: number) {
  const top = k.room.y0 + 40;
  for (let x = from; x < to - 20; x += 150)
    svg.add(
      rect(x + 4, top, Math.min(146, to - x) - 8, 150, tint(k.front, 0, 0.03), 'rx="4"'),
      rect(x + 60, top + 130, 26, 6, '#5a5550'),
    );
}

function oven(svg: Svg, k: Kitchen, x: number) {
  svg.add(
    rect(x, k.counterY + 30, 180, k.room.y1 - k.counterY - 40, '#c8c8c4'),
    rect(x + 20, k.counterY + 70, 140, 90, '#2b2b2b', 'rx="6"'),
    rect(x + 30, k.counterY + 44, 120, 8, '#777'),
  );
  svg.add(rect(x - 10, k.counterY - 14, 200, 10, '#1f1f1f'));
  for (const dx of [40, 140]) svg.add(ellipse(x + dx, k.counterY - 16, 30, 5, '#444'));
  svg.add(rect(x + 10, k.room.y0 + 40, 160, 110, '#bdbdb8'), rect(x - 20, k.room.y0 + 150, 220, 30, '#a9a9a4'));
}

function fridge(svg: Svg, k: Kitchen, x: number) {
  const top = k.room.y0 + 30;
  svg.add(
    rect(x, top, 200, k.room.y1 - top, '#e4e4e0', 'rx="10"'),
    rect(x, top + 200, 200, 6, '#c4c4c0'),
    rect(x + 170, top + 120, 10, 60, '#999'),
    rect(x + 170, top + 240, 10, 90, '#999'),
  );
}

function dishwasher(svg: Svg, k: Kitchen, x: number) {
  svg.add(
    rect(x, k.counterY + 26, 170, k.room.y1 - k.counterY - 36, '#d6d6d2'),
    rect(x + 20, k.counterY + 44, 130, 10, '#8a8a86'),
    circle(x + 150, k.counterY + 38, 4, '#5fb36a'),
  );
}

function coffee(svg: Svg, k: Kitchen, x: number) {
  const y = k.counterY - 6;
  svg.add(
    rect(x, y - 150, 110, 150, '#2b2b2b', 'rx="8"'),
    rect(x + 25, y - 60, 60, 56, '#8fb0c0', 'opacity="0.8"'),
    rect(x + 30, y - 36, 50, 30, '#4a2f22'),
  );
  for (let i = 0; i < 3; i++)
    svg.add(rect(x + 140 + i * 60, y - 46, 40, 46, pick(svg.rng, ['#f3efe6', '#c96f4a', '#6f8a9a']), 'rx="6"'));
}

function shelves(svg: Svg, k: Kitchen, from: number, to: number) {
  const rng = svg.rng;
  for (let s = 0; s < 3; s++) {
    const y = k.room.y0 + 110 + s * 110;
    svg.add(rect(from, y, to - from, 14, tint(k.room.wood, 0, -0.1)));
    for (let x = from + 20; x < to - 60; x += between(rng, 60, 90)) {
      if (s === 1) svg.add(rect(x, y - 60, 34, 60, '#cfe3ea', 'opacity="0.7"'));
      else
        svg.add(
          ellipse(x + 20, y - 40, 30, 40, pick(rng, ['#f3efe6', '#e8e0d0', '#6f8a9a'])),
          ellipse(x + 20, y - 40, 18, 26, '#ffffff', 'opacity="0.5"'),
        );
    }
  }
}

function terraceDoor(svg: Svg, k: Kitchen, x: number) {
  const { room } = k;
  const top = room.y0 + 50;
  svg.add(rect(x - 14, top - 14, 248, room.y1 - top + 14, tint(room.wall, 0, -0.1)));
  view(svg, x, top, 220, room.y1 - top, room.outside);
  svg.add(
    rect(x, room.y1 - 120, 220, 120, tint('#b5714a', 0, -0.05)),
    rect(x + 150, room.y1 - 260, 60, 50, '#6f8f52', 'rx="20"'),
  );
  svg.add(
    `<polygon points="${x + 220},${top} ${x + 330},${top - 40} ${x + 330},${room.y1 + 60} ${x + 220},${room.y1}" fill="${tint(room.wood, 0, -0.05)}"/>`,
  );
  svg.add(
    `<polygon points="${x + 240},${top + 30} ${x + 310},${top + 5} ${x + 310},${room.y1 - 200} ${x + 240},${room.y1 - 180}" fill="#a9c3d0" opacity="0.8"/>`,
  );
}

function island(svg: Svg, k: Kitchen) {
  const top = H - 260;
  svg.add(
    rect(120, top, W - 240, 40, tint(k.room.wood, 0, 0.05)),
    rect(150, top + 40, W - 300, H - top, tint(k.front, 0, -0.1)),
  );
  for (const x of [340, 760, 1180])
    svg.add(ellipse(x, top - 60, 70, 22, '#3a3a3a'), rect(x - 6, top - 60, 12, 60, '#3a3a3a'));
}

export function kitchenScene(svg: Svg, alt: string) {
  const rng = svg.rng;
  const room = roomShell(svg, alt, rng() > 0.5 ? 'tiles' : 'planks', false);
  const k: Kitchen = {
    room,
    front: pick(rng, ['#7f9a8a', '#e8e2d6', '#6d7f96', '#c7b38f', '#9aa58a']),
    counterY: room.y1 - 210,
  };
  const { x0, x1 } = room;
  svg.add(rect(x0, k.counterY - 150, x1 - x0, 150, tint(room.wall, 0, -0.05)));
  if (/door|terrace/i.test(alt)) {
    terraceDoor(svg, k, x0 + 80);
    cabinets(svg, k, x0 + 440, x1);
    uppers(svg, k, x0 + 440, x1);
    plant(svg, x0 + 380, room.y1 + 30, 1);
  } else if (/fridge|dishwasher/i.test(alt)) {
    cabinets(svg, k, x0 + 220, x1);
    fridge(svg, k, x0 + 10);
    dishwasher(svg, k, x0 + 380);
    wallWindow(svg, room, x0 + 600, room.y0 + 70, 260, 220, false);
  } else if (/shel|plates|glasses/i.test(alt)) {
    cabinets(svg, k, x0, x1);
    shelves(svg, k, x0 + 40, x1 - 40);
  } else {
    cabinets(svg, k, x0, x1 - 220);
    fridge(svg, k, x1 - 210);
    const ovenX = between(rng, x0 + 40, x0 + 180);
    oven(svg, k, ovenX);
    uppers(svg, k, x0, ovenX - 20);
    wallWindow(svg, room, ovenX + 240, room.y0 + 60, 200, 220, false);
    if (/coffee|breakfast/i.test(alt)) coffee(svg, k, ovenX + 230);
  }
  if (/breakfast|counter/i.test(alt) || rng() > 0.7) island(svg, k);
}
