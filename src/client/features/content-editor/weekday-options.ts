import { WEEKDAYS } from '../../../shared/weekdays';

const NAMES = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

/** The days of the week for a list of arrival days, Monday first like the content file. */
export const WEEKDAY_OPTIONS = WEEKDAYS.map((day) => ({ value: day, label: NAMES[day] }));
