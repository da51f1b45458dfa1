import { feedText } from '../support/fixtures/calendar-feeds.js';
import type { ContentJson } from '../support/server/content-editor.js';
import {
  feedEventStarting,
  type Guest,
  guestBooks,
  guestCancels,
  guestsCheckIn,
  ownerAddsFeed,
  ownerBooking,
  ownerChangesParty,
  ownerEntersStay,
  ownerMarksTransfer,
  ownerPublishes,
} from './actions.js';
import type { World } from './harness.js';

// The season's kinds of step, each a guest's or the owner's action on its day (scenario.ts is the
// script that uses them).

export interface Step {
  day: string;
  what: string;
  run: (world: World, cast: Cast) => Promise<void>;
}

/** The season's people by first name, and every guest link by booking code (the invariants read it). */
export interface Cast {
  byName: Map<string, Guest & { party: number }>;
  guests: Map<string, Guest>;
}

export const DE = 'DE';
export const remember = (cast: Cast, name: string, guest: Guest, party: number) => {
  cast.byName.set(name, { ...guest, party });
  cast.guests.set(guest.code, guest);
};
export const who = (cast: Cast, name: string) => {
  const guest = cast.byName.get(name);
  if (!guest) throw new Error(`${name} has no booking in the season`);
  return guest;
};

/** A guest books: the step, and the online check-in of a foreign party five days before arrival. */
export function booking(
  day: string,
  name: string,
  stay: { checkIn: string; checkOut: string; adults: number; country: string },
  payBy: 'card' | 'mb_way' | 'multibanco' | 'transfer',
  checkInDay?: string,
): Step[] {
  const steps: Step[] = [
    {
      day,
      what: `${name} books ${stay.checkIn}–${stay.checkOut} by ${payBy}`,
      run: async (world, cast) =>
        remember(cast, name, await guestBooks(world, { ...stay, name: `${name} Example` }, payBy), stay.adults),
    },
  ];
  if (checkInDay) steps.push(checkIn(checkInDay, name));
  return steps;
}

export const checkIn = (day: string, name: string): Step => ({
  day,
  what: `${name}'s party checks in online`,
  run: async (world, cast) => guestsCheckIn(world, who(cast, name), who(cast, name).party),
});

/** The owner records a transfer of what the booking owes now (the deposit, or the rest). */
export const transfer = (day: string, name: string): Step => ({
  day,
  what: `the owner marks ${name}'s transfer received`,
  run: async (world, cast) => {
    const b = await ownerBooking(world, who(cast, name).code);
    const amount = b.status === 'awaiting_payment' ? b.dueNowCents - b.paidCents : b.dueCents;
    await ownerMarksTransfer(world, b.code, amount);
  },
});

export const cancels = (day: string, name: string): Step => ({
  day,
  what: `${name} cancels`,
  run: async (world, cast) => void (await guestCancels(world, who(cast, name))),
});

/** A platform's feed, served by the feed server, with these reservations. */
export const feed = (
  day: string,
  platform: string,
  path: string,
  stays: Array<[string, string]>,
  added = false,
): Step => ({
  day,
  what: `${platform}'s feed lists ${stays.map(([s, e]) => `${s}–${e}`).join(', ')}`,
  run: async (world) => {
    world.feeds.set(
      path,
      feedText(
        stays.map(([start, end]) => ({ start, end })),
        { shape: platform === 'booking' ? 'booking' : 'airbnb' },
      ),
    );
    if (added) await ownerAddsFeed(world, platform, path);
    else await world.site.app.calendarSync.syncAll();
  },
});

/** The owner completes a platform's reservation as a stay, and gives its guests their link. */
export const platformStay = (day: string, name: string, channel: string, checkIn: string, checkOut: string): Step => ({
  day,
  what: `the owner completes ${channel}'s ${checkIn}–${checkOut} as ${name}'s stay`,
  run: async (world, cast) => {
    const feedEventUid = await feedEventStarting(world, checkIn);
    const guest = await ownerEntersStay(world, {
      channel,
      checkIn,
      checkOut,
      adults: 2,
      children: [],
      name: `${name} Example`,
      country: 'FR',
      platformReference: `REF${checkIn.replace(/-/g, '')}`,
      feedEventUid,
    });
    remember(cast, name, guest, 2);
  },
});

export const publish = (day: string, what: string, change: (c: ContentJson) => ContentJson): Step => ({
  day,
  what,
  run: (world) => ownerPublishes(world, change),
});

/** The guest asks for another party and the owner changes it; the party's online check-in follows it. */
export const partyChange = (day: string, name: string, party: { adults: number; childrenAges: number[] }): Step => ({
  day,
  what: `the owner changes ${name}'s party to ${party.adults} adults and ${party.childrenAges.length} children`,
  run: async (world, cast) => {
    const guest = who(cast, name);
    await ownerChangesParty(world, guest.code, party);
    remember(cast, name, guest, party.adults + party.childrenAges.length);
  },
});
