import { addDays } from '../../src/shared/date-ranges.js';
import { deliverDueMail, houseTime, runTimedWork, type World } from './harness.js';
import { checkDay } from './invariants.js';
import { checkSentMails, type MailLog } from './mail-claims.js';
import type { Cast, Step } from './steps.js';

// The season's clock: each day, the day's steps at 10:00 a minute apart (each step's mails leave
// before the next, and are checked against the booking as it is then), then at 21:00 the site's
// timed work and every invariant. A problem is reported once, on the first day it is seen.

export interface Failure {
  day: string;
  invariant: string;
  text: string;
}

export interface SeasonResult {
  days: number;
  steps: number;
  failures: Failure[];
  mails: MailLog;
  cast: Cast;
}

const MINUTE = 60_000;
export const timing = { work: 0, checks: 0 };

export async function runSeason(world: World, steps: Step[], first: string, last: string): Promise<SeasonResult> {
  const cast: Cast = { byName: new Map(), guests: new Map() };
  const memory = {
    guests: cast.guests,
    frozen: new Map<string, Map<string, string>>(),
    settled: new Map<string, string>(),
  };
  const mails: MailLog = { checked: new Set(), kinds: new Map() };
  const failures: Failure[] = [];
  const seen = new Set<string>();
  const note = (day: string, invariant: string, problems: string[]) => {
    for (const text of problems) {
      // The problem without its day-dependent figures is the same problem tomorrow.
      const key = `${invariant} ${text}`;
      if (seen.has(key)) continue;
      seen.add(key);
      failures.push({ day, invariant, text });
    }
  };
  let days = 0;
  for (let day = first; day <= last; day = addDays(day, 1), days++) {
    world.clock.set(houseTime(day, 10));
    for (const step of steps.filter((s) => s.day === day)) {
      try {
        await step.run(world, cast);
      } catch (error) {
        note(day, 'step', [`${step.what}: ${(error as Error).message}`]);
      }
      await deliverDueMail(world);
      note(day, 'mails-true', await checkSentMails(world, mails));
      world.clock.advance(MINUTE);
    }
    if (process.env.SEASON_PROGRESS && day.endsWith('-01'))
      process.stderr.write(`${day} ${Math.round(performance.now() / 1000)} s\n`);
    world.clock.set(houseTime(day, 21));
    let t = performance.now();
    await runTimedWork(world);
    timing.work += performance.now() - t;
    t = performance.now();
    note(day, 'mails-true', await checkSentMails(world, mails));
    for (const failure of await checkDay(world, memory, day)) note(day, failure.invariant, [failure.text]);
    timing.checks += performance.now() - t;
  }
  return { days, steps: steps.length, failures, mails, cast };
}
