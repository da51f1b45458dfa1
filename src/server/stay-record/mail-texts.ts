// The booking mails' words, by language (English for any other). The amounts, dates and the
// policy's sentences are filled in by booking-mails.ts; the legal sentences come from
// shared/booking-text.ts, the same the page shows.

export const GUEST_MAIL_KINDS = [
  'received',
  'requested',
  'accepted',
  'declined',
  'confirmed',
  'receipt',
  'balanceReminder',
  'balanceFailed',
  'cancelled',
  'expired',
  'reviewRequest',
  'arrival',
  'reminder',
  'datesChanged',
  'partyChanged',
  'offer',
] as const;
export type GuestMailKind = (typeof GUEST_MAIL_KINDS)[number];

interface MailText {
  subject: string;
  body: string;
}

type GuestTexts = Record<GuestMailKind, MailText> & {
  greeting: string;
  link: string;
  linkLabel: string;
  reviewLink: string;
  reviewLabel: string;
  stay: string;
  /** `{payment}` of the mails: a share of the price is a deposit, the whole price never is. */
  depositOf: string;
  paymentOf: string;
  bank: string;
  /** The same for a confirmed booking's balance: its nights are already its own. */
  bankBalance: string;
  /** How a cancellation's refund comes back: to the card, by the owner's transfer, or once the guest gives an IBAN. */
  refundCard: string;
  refundTransfer: string;
  refundAskIban: string;
  signature: string;
};

export const GUEST_TEXTS: Readonly<Record<string, GuestTexts>> = {
  en: {
    greeting: 'Dear {name},',
    stay: 'Your stay: {checkIn} to {checkOut}, {guests}. Booking {code}.',
    depositOf: 'the deposit of {amount}',
    paymentOf: 'the payment of {amount}',
    link: 'Your booking, at any time:',
    linkLabel: 'Open your booking',
    reviewLink: 'This link opens the review form, ready for you, for the next 30 days:',
    reviewLabel: 'Write a review',
    bank: 'Please transfer {amount} by {dueBy} to:\nIBAN: {iban}\nAccount holder: {holder}\nReference: {reference}\nThe nights are held for you until then.',
    bankBalance:
      'Please transfer {amount} by {dueBy} to:\nIBAN: {iban}\nAccount holder: {holder}\nReference: {reference}',
    refundCard: '{amount} goes back to the card you paid with: it reaches your account in 5 to 10 days.',
    refundTransfer:
      'You paid by bank transfer, so the owner sends {amount} back by transfer, to the account you gave ({iban}); a transfer takes one or two working days to arrive once sent.',
    refundAskIban:
      'You paid by bank transfer, so the owner sends {amount} back by transfer: please give the IBAN of the account to send it to on your booking page.',
    signature: 'Kind regards,\n{house}',
    received: {
      subject: 'Your booking at {house}: {code}',
      body: 'Thank you for booking with us. We have received your booking; it is confirmed when {payment} arrives.',
    },
    requested: {
      subject: 'Your booking request at {house}: {code}',
      body: 'Thank you for your request. We will answer within {hours} hours; nothing is charged until we accept it.',
    },
    accepted: {
      subject: 'Your booking request is accepted: {code}',
      body: 'Good news: we have accepted your request. Please pay {amount} from your booking page to confirm it; the nights are held for you until {holdUntil}.',
    },
    offer: {
      subject: 'Our offer for your stay at {house}: {code}',
      body: 'Thank you for your inquiry. We would be glad to welcome you: the stay costs {total}. On your booking page, please read and accept the terms, then pay {amount} to confirm it; the nights are held for you until {holdUntil} (time in Portugal).',
    },
    declined: {
      subject: 'Your booking request: {code}',
      body: 'We are sorry: we cannot accept your request for these dates. Nothing was charged.',
    },
    confirmed: {
      subject: 'Your booking is confirmed: {code}',
      body: 'Your booking is confirmed. We look forward to welcoming you.',
    },
    receipt: {
      subject: 'Payment received: {amount} ({code})',
      body: 'We have received your payment of {amount} on {date}. Paid so far: {paid} of {total}. Still due: {due}.',
    },
    balanceReminder: {
      subject: 'The balance of your booking is due on {dueOn} ({code})',
      body: 'The balance of {amount} is due on {dueOn}. {how}',
    },
    balanceFailed: {
      subject: 'Please pay the balance of your booking ({code})',
      body: 'We could not collect the balance of {amount} automatically. Please pay it from your booking page.',
    },
    cancelled: {
      subject: 'Your booking is cancelled: {code}',
      body: 'Your booking is cancelled. Refund: {refund}. {refundHow}',
    },
    expired: {
      subject: 'Your booking has expired: {code}',
      body: 'We did not receive the payment in time, so the nights are no longer held and nothing was charged. You are welcome to book again.',
    },
    arrival: {
      subject: 'Your arrival at {house}: how to get there and in',
      body: 'Your stay begins on {checkIn}. Check-in is from {checkInFrom} to {checkInUntil}, check-out until {checkOutUntil}. Please check in online on your booking page before you arrive: the law asks us to register every guest who is not Portuguese.',
    },
    reminder: {
      subject: 'See you tomorrow at {house}',
      body: 'We look forward to welcoming you tomorrow. Check-in is from {checkInFrom} to {checkInUntil}; the way there and in is on your booking page.',
    },
    reviewRequest: {
      subject: 'Thank you for staying at {house}',
      body: 'Thank you for staying with us. Would you tell other guests how it was?',
    },
    datesChanged: {
      subject: 'New dates for your booking at {house}: {code}',
      body: 'As agreed, your stay now runs from {checkIn} to {checkOut} (before: {oldCheckIn} to {oldCheckOut}). The price stays as agreed. The new dates are attached for your calendar.',
    },
    partyChanged: {
      subject: 'Who stays, changed: your booking at {house} ({code})',
      body: 'As agreed, your booking is now for {party} (before: {oldParty}). The nights keep their price; the extra-guest fee and the tourist tax follow who stays. The total is now {total}. {money}',
    },
  },
  pt: {
    greeting: 'Caro(a) {name},',
    stay: 'A sua estadia: de {checkIn} a {checkOut}, {guests}. Reserva {code}.',
    depositOf: 'o pré-pagamento de {amount}',
    paymentOf: 'o pagamento de {amount}',
    link: 'A sua reserva, a qualquer momento:',
    linkLabel: 'Abrir a sua reserva',
    reviewLink: 'Este link abre o formulário de avaliação, pronto para si, durante os próximos 30 dias:',
    reviewLabel: 'Escrever uma avaliação',
    bank: 'Transfira {amount} até {dueBy} para:\nIBAN: {iban}\nTitular: {holder}\nReferência: {reference}\nAs noites ficam reservadas para si até lá.',
    bankBalance: 'Transfira {amount} até {dueBy} para:\nIBAN: {iban}\nTitular: {holder}\nReferência: {reference}',
    refundCard: '{amount} são devolvidos ao cartão com que pagou: chegam à sua conta em 5 a 10 dias.',
    refundTransfer:
      'Pagou por transferência bancária, por isso o proprietário devolve {amount} por transferência, para a conta que indicou ({iban}); uma transferência demora um ou dois dias úteis a chegar depois de enviada.',
    refundAskIban:
      'Pagou por transferência bancária, por isso o proprietário devolve {amount} por transferência: indique, por favor, na página da sua reserva o IBAN da conta para onde o enviar.',
    signature: 'Com os melhores cumprimentos,\n{house}',
    received: {
      subject: 'A sua reserva na {house}: {code}',
      body: 'Obrigado pela sua reserva. Recebemo-la; fica confirmada quando chegar {payment}.',
    },
    requested: {
      subject: 'O seu pedido de reserva na {house}: {code}',
      body: 'Obrigado pelo seu pedido. Respondemos em {hours} horas; nada é cobrado até o aceitarmos.',
    },
    accepted: {
      subject: 'O seu pedido de reserva foi aceite: {code}',
      body: 'Boas notícias: aceitámos o seu pedido. Pague {amount} na página da sua reserva para a confirmar; as noites ficam reservadas para si até {holdUntil}.',
    },
    offer: {
      subject: 'A nossa proposta para a sua estadia na {house}: {code}',
      body: 'Obrigado pelo seu contacto. Teremos todo o gosto em recebê-lo(a): a estadia custa {total}. Na página da sua reserva, leia e aceite as condições e pague {amount} para a confirmar; as noites ficam reservadas para si até {holdUntil} (hora de Portugal).',
    },
    declined: {
      subject: 'O seu pedido de reserva: {code}',
      body: 'Lamentamos, mas não podemos aceitar o seu pedido para estas datas. Nada foi cobrado.',
    },
    confirmed: {
      subject: 'A sua reserva está confirmada: {code}',
      body: 'A sua reserva está confirmada. Teremos todo o gosto em recebê-lo(a).',
    },
    receipt: {
      subject: 'Pagamento recebido: {amount} ({code})',
      body: 'Recebemos o seu pagamento de {amount} em {date}. Pago até agora: {paid} de {total}. Em falta: {due}.',
    },
    balanceReminder: {
      subject: 'O restante da sua reserva vence a {dueOn} ({code})',
      body: 'O restante, {amount}, vence a {dueOn}. {how}',
    },
    balanceFailed: {
      subject: 'Pague o restante da sua reserva ({code})',
      body: 'Não foi possível cobrar automaticamente o restante de {amount}. Pague-o, por favor, na página da sua reserva.',
    },
    cancelled: {
      subject: 'A sua reserva foi cancelada: {code}',
      body: 'A sua reserva foi cancelada. Reembolso: {refund}. {refundHow}',
    },
    expired: {
      subject: 'A sua reserva expirou: {code}',
      body: 'Não recebemos o pagamento a tempo, por isso as noites deixaram de estar reservadas e nada foi cobrado. Pode voltar a reservar quando quiser.',
    },
    arrival: {
      subject: 'A sua chegada à {house}: como chegar e entrar',
      body: 'A sua estadia começa a {checkIn}. O check-in é das {checkInFrom} às {checkInUntil}; o check-out, até às {checkOutUntil}. Faça o check-in online na página da sua reserva antes de chegar: a lei obriga-nos a registar cada hóspede que não seja português.',
    },
    reminder: {
      subject: 'Até amanhã na {house}',
      body: 'Teremos todo o gosto em recebê-lo(a) amanhã. O check-in é das {checkInFrom} às {checkInUntil}; o caminho e a entrada estão na página da sua reserva.',
    },
    reviewRequest: {
      subject: 'Obrigado pela sua estadia na {house}',
      body: 'Obrigado por ter ficado connosco. Quer contar a outros hóspedes como foi?',
    },
    datesChanged: {
      subject: 'Novas datas da sua reserva na {house}: {code}',
      body: 'Como combinado, a sua estadia passa a ser de {checkIn} a {checkOut} (antes: de {oldCheckIn} a {oldCheckOut}). O preço mantém-se como combinado. As novas datas seguem em anexo para o seu calendário.',
    },
    partyChanged: {
      subject: 'Hóspedes alterados: a sua reserva na {house} ({code})',
      body: 'Como combinado, a sua reserva passa a ser para {party} (antes: {oldParty}). As noites mantêm o preço; a taxa por hóspede extra e a taxa turística seguem quem fica. O total passa a ser {total}. {money}',
    },
  },
};

export const REMINDER_HOW = {
  en: {
    card: 'We will charge the card you paid with on that day.',
    link: 'Please pay it from your booking page by then.',
  },
  pt: {
    card: 'Nesse dia cobraremos o cartão com que pagou.',
    link: 'Pague-o, por favor, na página da sua reserva até lá.',
  },
} as const;

/** The headings of the arrival mail's parts. */
export const ARRIVAL_HEADINGS = {
  en: {
    address: 'Address',
    fromLisbon: 'From Lisbon',
    fromPorto: 'From Porto',
    parking: 'Parking',
    door: 'Getting in',
    map: 'Map:',
    openMap: 'Open the map',
  },
  pt: {
    address: 'Morada',
    fromLisbon: 'De Lisboa',
    fromPorto: 'Do Porto',
    parking: 'Estacionamento',
    door: 'Como entrar',
    map: 'Mapa:',
    openMap: 'Abrir o mapa',
  },
} as const;

/**
 * The confirmation's contract part: the booking and the accepted terms in full, on a durable
 * medium (docs/decisions/0035-terms-snapshot.md). The policy's sentences and the no-withdrawal
 * notice come from shared/booking-text.ts, as on the guest's page.
 */
export const CONTRACT_TEXTS = {
  en: {
    heading: 'Your booking and its terms',
    dates: 'Dates',
    datesValue: '{checkIn} to {checkOut}',
    guests: 'Guests',
    total: 'Total',
    paid: 'Paid',
    due: 'Still due',
    dueBy: '{amount}, by {date}',
    policy: 'Cancellation policy',
    houseRules: 'House rules',
    withdrawal: 'Right of withdrawal',
    party: 'Your contract is with',
    nif: 'NIF (tax number): {nif}',
    registration: 'Alojamento Local registration: {number}',
    accepted: 'You accepted these terms on {date}, in English.',
    entered: 'The owner entered this stay on {date}; you accepted no terms on the site.',
  },
  pt: {
    heading: 'A sua reserva e as suas condições',
    dates: 'Datas',
    datesValue: 'de {checkIn} a {checkOut}',
    guests: 'Hóspedes',
    total: 'Total',
    paid: 'Pago',
    due: 'Em falta',
    dueBy: '{amount}, até {date}',
    policy: 'Política de cancelamento',
    houseRules: 'Regras da casa',
    withdrawal: 'Direito de livre resolução',
    party: 'O seu contrato é com',
    nif: 'NIF: {nif}',
    registration: 'Registo de Alojamento Local: {number}',
    accepted: 'Aceitou estas condições a {date}, em português.',
    entered: 'O proprietário registou esta estadia a {date}; não aceitou condições no site.',
  },
} as const;
