/**
 * The time zones every date path is tested under: UTC, one that changes its offset (Lisbon),
 * one far west (UTC−8/−7) and the first to reach a new day (UTC+14).
 */
export const TIME_ZONES = ['UTC', 'Europe/Lisbon', 'America/Los_Angeles', 'Pacific/Kiritimati'] as const;

/**
 * Runs `fn` once in each of TIME_ZONES and returns the results by zone. Node applies a new
 * `process.env.TZ` at once, so this is the real local-time behaviour of Date in that zone.
 */
export async function inEachTimeZone<T>(fn: () => T | Promise<T>): Promise<Record<string, T>> {
  const saved = process.env.TZ;
  const results: Record<string, T> = {};
  try {
    for (const zone of TIME_ZONES) {
      process.env.TZ = zone;
      results[zone] = await fn();
    }
  } finally {
    if (saved === undefined) delete process.env.TZ;
    else process.env.TZ = saved;
  }
  return results;
}
