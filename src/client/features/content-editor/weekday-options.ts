import { WEEKDAYS } from '../../../shared/weekdays';
import { m } from '../../i18n/paraglide/messages';

/** The days of the week for a list of arrival days, Monday first like the content file; read when shown. */
export function weekdayOptions() {
  const names = {
    mon: m.editor_weekday_mon(),
    tue: m.editor_weekday_tue(),
    wed: m.editor_weekday_wed(),
    thu: m.editor_weekday_thu(),
    fri: m.editor_weekday_fri(),
    sat: m.editor_weekday_sat(),
    sun: m.editor_weekday_sun(),
  };
  return WEEKDAYS.map((day) => ({ value: day, label: names[day] }));
}
