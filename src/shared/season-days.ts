/**
 * Whether `day` (`YYYY-MM-DD`) falls from `from` to `to` (`MM-DD`), both included, across the new
 * year when `from` comes after `to`: the days of a price season or of a tourist-tax season.
 */
export function inSeason(season: { from: string; to: string }, day: string): boolean {
  const monthDay = day.slice(5);
  return season.from <= season.to
    ? season.from <= monthDay && monthDay <= season.to
    : season.from <= monthDay || monthDay <= season.to;
}
