import {
  guestPaysByCard,
  multibancoPaid,
  ownerMarksRefundSent,
  guestAcceptsOfferTerms,
  offerFromInquiry,
  ownerEntersStay,
  ownerMovesDates,
  send,
} from './actions.js';
import { backupAndRestore, restart } from './harness.js';
import {
  booking,
  cancels,
  checkIn,
  DE,
  feed,
  partyChange,
  platformStay,
  publish,
  remember,
  type Step,
  transfer,
  who,
} from './steps.js';

// The season, as a script: one house from January to December 2027, each step on its day. Guests
// book by card, MB WAY, Multibanco and transfer, have their dates and their party changed (a paid
// stay owing the difference, a card and a transfer refunded), cancel in each of the
// terms' tiers (the owner marks a transfer's refund sent); platform stays arrive through the feeds and the owner completes them, enters a
// phone stay, answers an inquiry with an offer, marks transfers; the owner changes the prices, the
// terms and the tourist tax mid-season; the server restarts, and is backed up and restored.
// Every date is fixed, so the season is the same at every run.

export const FIRST_DAY = '2027-01-10';
export const LAST_DAY = process.env.SEASON_LAST_DAY ?? '2027-12-31';

export const SEASON: Step[] = [
  ...booking(
    '2027-01-12',
    'Anna',
    { checkIn: '2027-03-12', checkOut: '2027-03-15', adults: 2, country: DE },
    'card',
    '2027-03-07',
  ),
  {
    day: '2027-01-13',
    what: 'Paul tries to book a night Anna holds, and is refused',
    run: async (world) => {
      const answer = await send(world, 'POST', '/api/bookings', {
        checkIn: '2027-03-14',
        checkOut: '2027-03-17',
        adults: 2,
        name: 'Paul Example',
        email: 'paul@example.com',
        country: DE,
        locale: 'en',
        paymentMethod: 'stripe',
        acceptTerms: true,
      });
      if (answer.status !== 409) throw new Error(`Paul's booking over Anna's nights answered ${answer.status}`);
    },
  },
  ...booking(
    '2027-01-20',
    'Bruno',
    { checkIn: '2027-04-02', checkOut: '2027-04-05', adults: 2, country: 'PT' },
    'mb_way',
    '2027-03-30',
  ),
  ...booking(
    '2027-02-01',
    'Clara',
    { checkIn: '2027-05-07', checkOut: '2027-05-10', adults: 3, country: 'GB' },
    'transfer',
    '2027-05-02',
  ),
  feed('2027-02-01', 'airbnb', '/airbnb.ics', [], true),
  transfer('2027-02-02', 'Clara'),
  // Anna's stay was paid in full on its balance's day: three more adults owe the difference, which
  // she pays from her link (the saved card is never charged for it).
  partyChange('2027-02-20', 'Anna', { adults: 5, childrenAges: [] }),
  {
    day: '2027-02-22',
    what: "Anna pays her larger party's difference by card from the link",
    run: async (world, cast) => guestPaysByCard(world, who(cast, 'Anna')),
  },
  ...booking('2027-02-10', 'Dieter', { checkIn: '2027-06-04', checkOut: '2027-06-07', adults: 2, country: DE }, 'card'),
  ...booking('2027-02-15', 'Eva', { checkIn: '2027-06-18', checkOut: '2027-06-21', adults: 2, country: DE }, 'card'),
  ...booking(
    '2027-03-01',
    'Filipa',
    { checkIn: '2027-09-10', checkOut: '2027-09-13', adults: 2, country: 'PT' },
    'transfer',
  ),
  transfer('2027-03-02', 'Filipa'),
  {
    day: '2027-03-04',
    what: 'Bruno pays his balance by card from the link',
    run: async (world, cast) => guestPaysByCard(world, who(cast, 'Bruno')),
  },
  ...booking(
    '2027-03-10',
    'Hugo',
    { checkIn: '2027-05-14', checkOut: '2027-05-17', adults: 2, country: DE },
    'card',
    '2027-05-16',
  ),
  ...booking(
    '2027-03-15',
    'Jan',
    { checkIn: '2027-07-03', checkOut: '2027-07-10', adults: 4, country: 'NL' },
    'card',
    '2027-06-28',
  ),
  cancels('2027-03-20', 'Dieter'),
  ...booking(
    '2027-04-01',
    'Gustav',
    { checkIn: '2027-10-08', checkOut: '2027-10-11', adults: 2, country: DE },
    'transfer',
  ),
  {
    day: '2027-04-01',
    what: "the owner moves Hugo's stay a week later",
    run: async (world, cast) => void (await ownerMovesDates(world, who(cast, 'Hugo').code, '2027-05-21', '2027-05-24')),
  },
  transfer('2027-04-02', 'Gustav'),
  transfer('2027-04-06', 'Clara'),
  // Clara paid everything by transfer: one guest fewer is owed back by transfer, sent by the owner.
  partyChange('2027-04-20', 'Clara', { adults: 2, childrenAges: [] }),
  {
    day: '2027-04-22',
    what: "the owner marks Clara's refund by transfer sent",
    run: async (world, cast) => ownerMarksRefundSent(world, who(cast, 'Clara').code, '2027-04-22'),
  },
  {
    day: '2027-04-10',
    what: 'Kate asks by the inquiry form; the owner answers with an offer',
    run: async (world, cast) =>
      remember(
        cast,
        'Kate',
        await offerFromInquiry(world, {
          checkIn: '2027-07-17',
          checkOut: '2027-07-24',
          guests: 2,
          name: 'Kate Example',
        }),
        2,
      ),
  },
  {
    day: '2027-04-11',
    what: "Kate accepts the offer's terms and pays its deposit by card",
    run: async (world, cast) => {
      await guestAcceptsOfferTerms(world, who(cast, 'Kate'));
      await guestPaysByCard(world, who(cast, 'Kate'));
    },
  },
  { day: '2027-04-15', what: 'the server restarts', run: (world) => restart(world) },
  feed('2027-05-01', 'airbnb', '/airbnb.ics', [['2027-08-07', '2027-08-14']]),
  platformStay('2027-05-02', 'Léa', 'airbnb', '2027-08-07', '2027-08-14'),
  ...booking(
    '2027-05-02',
    'Inês',
    { checkIn: '2027-10-22', checkOut: '2027-10-25', adults: 2, country: 'PT' },
    'multibanco',
    '2027-10-18',
  ),
  {
    day: '2027-05-04',
    what: 'Inês pays her Multibanco reference',
    run: async (world, cast) => multibancoPaid(world, who(cast, 'Inês')),
  },
  cancels('2027-05-05', 'Eva'),
  ...booking(
    '2027-05-10',
    'Rita',
    { checkIn: '2027-10-29', checkOut: '2027-11-01', adults: 2, country: DE },
    'transfer',
  ),
  {
    day: '2027-06-01',
    what: 'the owner enters Luís’s phone stay',
    run: async (world, cast) =>
      remember(
        cast,
        'Luís',
        await ownerEntersStay(world, {
          channel: 'phone',
          checkIn: '2027-08-21',
          checkOut: '2027-08-28',
          adults: 2,
          children: [{ age: 8 }],
          name: 'Luís Example',
          email: 'luis@example.com',
          country: 'PT',
          locale: 'pt-PT',
          platformReference: undefined,
          priceCents: 150_000,
          commissionCents: 0,
          touristTaxCollectedBy: 'owner',
        }),
        3,
      ),
  },
  cancels('2027-06-01', 'Gustav'),
  {
    day: '2027-06-03',
    what: "the owner marks Gustav's refund by transfer sent the day before",
    run: async (world, cast) => ownerMarksRefundSent(world, who(cast, 'Gustav').code, '2027-06-02'),
  },
  feed('2027-06-10', 'airbnb', '/airbnb.ics', [
    ['2027-08-07', '2027-08-14'],
    ['2027-09-17', '2027-09-20'],
  ]),
  platformStay('2027-06-11', 'Marc', 'airbnb', '2027-09-17', '2027-09-20'),
  publish('2027-06-15', 'the owner raises the nightly price to €130', (c) => ({
    ...c,
    pricing: { ...c.pricing, nightly: 13_000 },
  })),
  // Jan's stay was paid by card: a smaller party gets its surplus (tourist tax) back to the card.
  partyChange('2027-06-20', 'Jan', { adults: 2, childrenAges: [5] }),
  ...booking('2027-06-20', 'Nils', { checkIn: '2027-11-12', checkOut: '2027-11-15', adults: 2, country: DE }, 'card'),
  publish('2027-07-01', 'the owner changes the cancellation terms', (c) => ({
    ...c,
    booking: {
      ...c.booking,
      cancellation: [
        { daysBeforeArrival: 21, refundPercent: 100 },
        { daysBeforeArrival: 7, refundPercent: 50 },
        { daysBeforeArrival: 0, refundPercent: 0 },
      ],
    },
  })),
  checkIn('2027-07-12', 'Kate'),
  checkIn('2027-08-16', 'Luís'),
  checkIn('2027-08-02', 'Léa'),
  { day: '2027-08-01', what: 'the server restarts', run: (world) => restart(world) },
  publish('2027-09-01', 'the owner changes the tourist tax to €3 per guest and night', (c) => ({
    ...c,
    pricing: { ...c.pricing, touristTax: { ...(c.pricing.touristTax as object), perGuestPerNight: 300 } },
  })),
  checkIn('2027-09-12', 'Marc'),
  {
    day: '2027-09-15',
    what: 'a backup is taken and restored',
    run: async (world) => void (await backupAndRestore(world)),
  },
  ...booking(
    '2027-09-20',
    'Olga',
    { checkIn: '2027-12-20', checkOut: '2027-12-26', adults: 2, country: DE },
    'card',
    '2027-12-15',
  ),
  {
    day: '2027-09-25',
    what: 'Inês pays her balance by card from the link',
    run: async (world, cast) => guestPaysByCard(world, who(cast, 'Inês')),
  },
  cancels('2027-10-05', 'Nils'),
  cancels('2027-08-25', 'Filipa'),
  { day: '2027-11-01', what: 'the server restarts', run: (world) => restart(world) },
];
