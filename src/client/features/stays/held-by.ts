import { HOLDING_STATUSES } from '../../../shared/booking-status';
import { addDays, addMonths } from '../../../shared/date-ranges';
import type { StayItem } from '../../../shared/stays';

type Get = <T>(path: string) => Promise<T>;

/**
 * The stay holding some of these nights, for a 409 `dates_unavailable` to name in the page's
 * language: looked up in the list of stays of each month the nights fall in. None when what holds
 * them is a feed's event or the owner's block.
 */
export async function stayInTheWay(get: Get, checkIn: string, checkOut: string): Promise<StayItem | undefined> {
  const last = addDays(checkOut, -1);
  for (let month = checkIn.slice(0, 7); month <= last.slice(0, 7); month = addMonths(`${month}-01`, 1).slice(0, 7)) {
    const { items } = await get<{ items: StayItem[] }>(`/api/admin/stays?month=${month}`);
    const holder = items.find(
      (s) => HOLDING_STATUSES.includes(s.status) && s.checkIn < checkOut && s.checkOut > checkIn,
    );
    if (holder) return holder;
  }
  return undefined;
}
