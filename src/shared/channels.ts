// Where a stay was booked (docs/stays.md): the site itself, a platform whose calendar feed the
// site reads, the phone, or anything else the owner enters by hand.
export const CHANNELS = ['direct', 'airbnb', 'booking', 'vrbo', 'phone', 'other'] as const;
export type Channel = (typeof CHANNELS)[number];

/** The platforms among the channels: their money is paid on the platform, never charged here. */
export const PLATFORM_CHANNELS = ['airbnb', 'booking', 'vrbo'] as const satisfies readonly Channel[];

/** Who collected a stay's municipal tourist tax. */
export const TOURIST_TAX_COLLECTORS = ['owner', 'platform'] as const;
export type TouristTaxCollector = (typeof TOURIST_TAX_COLLECTORS)[number];

export function isPlatformChannel(channel: Channel): boolean {
  return (PLATFORM_CHANNELS as readonly Channel[]).includes(channel);
}
