/** The README's `pricing` example, every field set: the fixture of the pricing and quote tests. */
export const PRICING_EXAMPLE = {
  currency: 'EUR',
  nightly: 12000,
  weekendNightly: 14000,
  minNights: 2,
  seasons: [
    {
      name: 'Summer',
      from: '07-01',
      to: '08-31',
      nightly: 18000,
      weekendNightly: 18000,
      minNights: 5,
      arrivalDays: ['sat'],
    },
    { name: 'Christmas', from: '12-20', to: '01-05', nightly: 16000, minNights: 4 },
  ],
  cleaningFee: 5000,
  extraGuest: { from: 5, perNight: 1500 },
  touristTax: { perGuestPerNight: 200, maxNights: 7 },
};
