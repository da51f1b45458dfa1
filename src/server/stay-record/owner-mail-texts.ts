import type { BookingStatus } from '../../shared/booking-status.js';

// The owner's mails' words, in the admin's language (docs/decisions/0046-admin-language.md;
// English for any other). The values are filled in by booking-mails.ts, dates and amounts already
// in the same language; a provider's own message (Stripe's, the invoicing program's) is quoted as
// it came.

export const OWNER_MAIL_KINDS = [
  'requested',
  'bankTransfer',
  'cardOpen',
  'paymentReceived',
  'latePayment',
  'balanceFailed',
  'overdue',
  'cancelledByGuest',
  'expired',
  'refundFailed',
  'surplus',
  'disputed',
  'disputeWon',
  'disputeLost',
  'disputeClosed',
  'feedMissing',
  'invoiceRejected',
  'sibaDue',
  'sibaOverdue',
  'refundAccountGiven',
] as const;
export type OwnerMailKind = (typeof OWNER_MAIL_KINDS)[number];

/** Sentences some mails add: the test service's warning, a transfer to refund by hand, a dispute's deadline. */
export const OWNER_NOTES = [
  'sibaTestService',
  'refundByTransfer',
  'refundIbanGiven',
  'refundIbanAsked',
  'disputeRespondBy',
  'disputeNoDate',
] as const;
export type OwnerNote = (typeof OWNER_NOTES)[number];

/**
 * The owner's mails about no one booking: a guest's inquiry, the calendar's own check, a calendar
 * feed's alerts (docs/decisions/0065-leftovers-of-a-season.md). `{placeholders}` as above.
 */
export interface OwnerNoticeTexts {
  inquiry: {
    subject: string;
    heading: string;
    name: string;
    email: string;
    guests: string;
    checkIn: string;
    checkOut: string;
    language: string;
    message: string;
    /** The estimate the guest saw, its lines in the guest's language. */
    price: string;
    total: string;
  };
  nightHolders: {
    subject: string;
    intro: string;
    twoHolders: string;
    unheldBooking: string;
    orphanHold: string;
    orphanGone: string;
    booking: string;
    block: string;
    nights: string;
    outro: string;
    link: string;
    linkLabel: string;
  };
  feed: {
    failingSubject: string;
    failing: string;
    lastError: string;
    failingNext: string;
    recoveredSubject: string;
    recovered: string;
  };
}

interface OwnerMailText {
  subject: string;
  lines: readonly string[];
}

export interface OwnerTexts {
  mails: Record<OwnerMailKind, OwnerMailText>;
  notes: Record<OwnerNote, string>;
  /** The lines every mail ends with: the booking, the guest, the money and the status. */
  booking: string;
  guest: string;
  money: string;
  guests: { one: string; other: string };
  status: Record<BookingStatus, string>;
  movement: { arrival: string; departure: string };
  document: { invoice_receipt: string; credit_note: string };
  /** `, reservation {reference}` after a platform stay's dates. */
  reference: string;
  somePlatform: string;
  link: string;
  linkLabel: string;
  notices: OwnerNoticeTexts;
}

const EN: OwnerTexts = {
  mails: {
    requested: { subject: 'New booking request', lines: ['Please accept or decline by {holdUntil}.'] },
    bankTransfer: { subject: 'New booking (bank transfer)', lines: ['The guest was sent the bank details.'] },
    cardOpen: {
      subject: 'New booking (card payment open)',
      lines: ['The guest was sent to Stripe Checkout; the nights are held for 30 minutes.'],
    },
    paymentReceived: { subject: 'Payment received', lines: ['Received {amount}.'] },
    latePayment: {
      subject: 'Payment for a booking that no longer holds its nights',
      lines: ['A payment of {amount} arrived after the booking was {status}. It is refunded in full.'],
    },
    balanceFailed: {
      subject: 'Balance not collected',
      lines: ['The balance was not collected: {reason}. The guest was sent a link to pay it.'],
    },
    overdue: {
      subject: 'Balance overdue',
      lines: [
        "The balance was due on {dueOn} and has not been paid. Nothing is cancelled automatically: decide on the booking's page.",
      ],
    },
    cancelledByGuest: { subject: 'The guest cancelled a booking', lines: ['Refund: {refund}.'] },
    expired: { subject: 'Booking expired', lines: ['{note}'] },
    refundFailed: {
      subject: 'A refund failed',
      lines: [
        'A refund of {amount} did not reach the guest: {message}. Nothing was counted as refunded. Refund it again from the Stripe dashboard, or by bank transfer to an account the guest gives you; it is listed under "Needs action" until then.',
      ],
    },
    surplus: {
      subject: 'Paid twice: the extra was refunded',
      lines: [
        'A payment of {amount} arrived on a booking already paid in full (or went beyond its total). It is refunded to the guest through Stripe.',
      ],
    },
    disputed: {
      subject: 'A payment was disputed',
      lines: [
        "The guest's bank disputes {amount} of this booking's payments (reason: {reason}). Stripe has taken the amount back until the dispute is decided.",
      ],
    },
    disputeWon: {
      subject: 'A dispute was closed',
      lines: ['The dispute of {amount} was won: the money is yours again.'],
    },
    disputeLost: {
      subject: 'A dispute was closed',
      lines: ['The dispute of {amount} was lost: the bank gave the money back to the guest.'],
    },
    disputeClosed: { subject: 'A dispute was closed', lines: ['The dispute of {amount} was closed: {outcome}.'] },
    feedMissing: {
      subject: '{platform} no longer lists a stay',
      lines: [
        '{platform} no longer lists this stay ({checkIn} to {checkOut}{reference}) in its calendar: cancelled?',
        'Its nights stay held here until you decide, on its page: keep it (it stands, and is no longer flagged) or cancel it.',
      ],
    },
    invoiceRejected: {
      subject: 'Invoice refused by the invoicing program',
      lines: [
        'The invoicing program refused the {document} of a payment of {amount}: “{message}”.',
        "Correct it (the guest's tax number on the booking's page, or the account's settings) and it is tried again; or issue it by hand.",
      ],
    },
    sibaDue: {
      subject: 'SIBA {movement} bulletin due by {dueBy}',
      lines: [
        "The SIBA bulletin of this booking's {movement} ({day}) must reach SIBA by {dueBy}, and it has not been sent.",
        'Download it for the SIBA portal, or send it, from Guest registrations in the admin.',
      ],
    },
    sibaOverdue: {
      subject: 'SIBA {movement} bulletin overdue since {dueBy}',
      lines: [
        "The SIBA bulletin of this booking's {movement} ({day}) was due by {dueBy} and has not been sent.",
        'Send it, or upload it to the SIBA portal and mark it as sent, from Guest registrations in the admin.',
      ],
    },
    refundAccountGiven: {
      subject: 'The guest gave the account for the refund',
      lines: [
        'The guest gave the IBAN to send their refund to ({iban}). Open the booking in the admin to see it whole and send the transfer.',
      ],
    },
  },
  notes: {
    sibaTestService:
      "SIBA's test service took it, which reports nobody: set SIBA_URL to the production service (docs/siba.md).",
    refundByTransfer: '{transfer} of it was paid by transfer: please send that to the guest yourself.',
    refundIbanGiven: 'The guest gave the IBAN to send it to: open the booking in the admin to see it.',
    refundIbanAsked: 'The guest was asked for the IBAN to send it to; you will be mailed when they give it.',
    disputeRespondBy:
      "Answer by {respondBy} in Stripe's dashboard (Payments → Disputes), with the booking's evidence (see “Disputes” in docs/payments.md). Without an answer by then, the dispute is lost.",
    disputeNoDate:
      "Answer in Stripe's dashboard (Payments → Disputes) with the booking's evidence (see “Disputes” in docs/payments.md).",
  },
  booking: 'Booking {code}: {checkIn} to {checkOut}, {guests}.',
  guest: 'Guest: {guest}.',
  money: 'Total {total}, paid {paid}, refunded {refunded}. Status: {status}.',
  guests: { one: '{count} guest', other: '{count} guests' },
  status: {
    requested: 'requested',
    awaiting_payment: 'awaiting payment',
    confirmed: 'confirmed',
    balance_due: 'balance due',
    paid: 'paid',
    completed: 'completed',
    declined: 'declined',
    expired: 'expired',
    cancelled: 'cancelled',
  },
  movement: { arrival: 'arrival', departure: 'departure' },
  document: { invoice_receipt: 'invoice-receipt', credit_note: 'credit note' },
  reference: ', reservation {reference}',
  somePlatform: 'The platform',
  link: 'The booking:',
  linkLabel: 'Open the booking',
  notices: {
    inquiry: {
      subject: 'New booking inquiry from {name}',
      heading: 'New booking inquiry',
      name: 'Name',
      email: 'Email',
      guests: 'Guests',
      checkIn: 'Check-in',
      checkOut: 'Check-out',
      language: 'Language',
      message: 'Message',
      price: 'Estimated price',
      total: 'Total',
    },
    nightHolders: {
      subject: 'Check your calendar: a night is double-booked or a booking lost its nights',
      intro: 'The site checks its calendar in every sweep, and found this:',
      twoHolders: 'Two holders of the same nights: {first} ({firstNights}) and {second} ({secondNights}).',
      unheldBooking: 'Booking {code} ({status}, {nights}) does not hold exactly its nights.',
      orphanHold: 'The nights {nights} are held for booking {code}, which is {status}.',
      orphanGone: 'The nights {nights} are held for a booking that no longer exists.',
      booking: 'booking {code}',
      block: 'the block {id}',
      nights: '{start} to {end}',
      outro: 'Open each booking in the admin and decide with the guests; nothing was changed automatically.',
      link: 'The bookings:',
      linkLabel: 'Open the admin',
    },
    feed: {
      failingSubject: 'Calendar feed "{name}" has been failing since {since}',
      failing: 'The calendar feed "{name}" could not be imported since {since}.',
      lastError: 'Last error',
      failingNext: 'The nights it sent before stay blocked until it works again. See the Calendar panel in the admin.',
      recoveredSubject: 'Calendar feed "{name}" works again',
      recovered: 'The calendar feed "{name}" was imported again, and its nights are up to date.',
    },
  },
};

const PT: OwnerTexts = {
  mails: {
    requested: { subject: 'Novo pedido de reserva', lines: ['Aceite ou recuse até {holdUntil}.'] },
    bankTransfer: {
      subject: 'Nova reserva (transferência bancária)',
      lines: ['Foram enviados ao hóspede os dados bancários.'],
    },
    cardOpen: {
      subject: 'Nova reserva (pagamento por cartão em curso)',
      lines: ['O hóspede foi enviado para o Stripe Checkout; as noites ficam reservadas durante 30 minutos.'],
    },
    paymentReceived: { subject: 'Pagamento recebido', lines: ['Recebido: {amount}.'] },
    latePayment: {
      subject: 'Pagamento de uma reserva que já não tem as suas noites',
      lines: ['Chegou um pagamento de {amount} depois de a reserva ficar {status}. É reembolsado na totalidade.'],
    },
    balanceFailed: {
      subject: 'Saldo não cobrado',
      lines: ['O saldo não foi cobrado: {reason}. Foi enviada ao hóspede uma ligação para o pagar.'],
    },
    overdue: {
      subject: 'Saldo em atraso',
      lines: [
        'O saldo vencia a {dueOn} e não foi pago. Nada é cancelado automaticamente: decida na página da reserva.',
      ],
    },
    cancelledByGuest: { subject: 'O hóspede cancelou uma reserva', lines: ['Reembolso: {refund}.'] },
    expired: { subject: 'Reserva expirada', lines: ['{note}'] },
    refundFailed: {
      subject: 'Um reembolso falhou',
      lines: [
        'Um reembolso de {amount} não chegou ao hóspede: {message}. Nada foi contado como reembolsado. Faça-o de novo no painel do Stripe, ou por transferência para uma conta que o hóspede lhe indique; fica em "Precisa de atenção" até lá.',
      ],
    },
    surplus: {
      subject: 'Pago duas vezes: o excedente foi reembolsado',
      lines: [
        'Chegou um pagamento de {amount} numa reserva já paga na totalidade (ou que ultrapassou o total). É reembolsado ao hóspede através do Stripe.',
      ],
    },
    disputed: {
      subject: 'Um pagamento foi contestado',
      lines: [
        'O banco do hóspede contesta {amount} dos pagamentos desta reserva (motivo: {reason}). O Stripe retirou o montante até a contestação ser decidida.',
      ],
    },
    disputeWon: {
      subject: 'Uma contestação foi encerrada',
      lines: ['A contestação de {amount} foi ganha: o dinheiro volta a ser seu.'],
    },
    disputeLost: {
      subject: 'Uma contestação foi encerrada',
      lines: ['A contestação de {amount} foi perdida: o banco devolveu o dinheiro ao hóspede.'],
    },
    disputeClosed: {
      subject: 'Uma contestação foi encerrada',
      lines: ['A contestação de {amount} foi encerrada: {outcome}.'],
    },
    feedMissing: {
      subject: '{platform} já não mostra uma estadia',
      lines: [
        '{platform} já não mostra esta estadia ({checkIn} a {checkOut}{reference}) no seu calendário: foi cancelada?',
        'As noites continuam reservadas aqui até decidir, na página da estadia: mantê-la (fica válida e deixa de ser assinalada) ou cancelá-la.',
      ],
    },
    invoiceRejected: {
      subject: 'Fatura recusada pelo programa de faturação',
      lines: [
        'O programa de faturação recusou a {document} de um pagamento de {amount}: «{message}».',
        'Corrija-o (o NIF do hóspede na página da reserva, ou as definições da conta) e é tentado de novo; ou emita-a à mão.',
      ],
    },
    sibaDue: {
      subject: 'Boletim SIBA de {movement} a entregar até {dueBy}',
      lines: [
        'O boletim SIBA da {movement} desta reserva ({day}) tem de chegar ao SIBA até {dueBy} e ainda não foi enviado.',
        'Descarregue-o para o portal do SIBA, ou envie-o, em Registos de hóspedes na administração.',
      ],
    },
    sibaOverdue: {
      subject: 'Boletim SIBA de {movement} em atraso desde {dueBy}',
      lines: [
        'O boletim SIBA da {movement} desta reserva ({day}) devia ter sido entregue até {dueBy} e não foi enviado.',
        'Envie-o, ou carregue-o no portal do SIBA e marque-o como enviado, em Registos de hóspedes na administração.',
      ],
    },
    refundAccountGiven: {
      subject: 'O hóspede indicou a conta para o reembolso',
      lines: [
        'O hóspede indicou o IBAN para onde enviar o reembolso ({iban}). Abra a reserva na administração para o ver por inteiro e fazer a transferência.',
      ],
    },
  },
  notes: {
    sibaTestService:
      'Recebeu-o o serviço de teste do SIBA, que não comunica ninguém: defina SIBA_URL com o serviço de produção (docs/siba.md).',
    refundByTransfer: '{transfer} foi pago por transferência: envie esse valor ao hóspede.',
    refundIbanGiven: 'O hóspede indicou o IBAN para onde enviar: abra a reserva na administração para o ver.',
    refundIbanAsked: 'Foi pedido ao hóspede o IBAN para onde enviar; receberá uma mensagem quando o indicar.',
    disputeRespondBy:
      'Responda até {respondBy} no painel do Stripe (Payments → Disputes), com as provas da reserva (ver «Disputes» em docs/payments.md). Sem resposta até lá, a contestação é perdida.',
    disputeNoDate:
      'Responda no painel do Stripe (Payments → Disputes) com as provas da reserva (ver «Disputes» em docs/payments.md).',
  },
  booking: 'Reserva {code}: {checkIn} a {checkOut}, {guests}.',
  guest: 'Hóspede: {guest}.',
  money: 'Total {total}, pago {paid}, reembolsado {refunded}. Estado: {status}.',
  guests: { one: '{count} hóspede', other: '{count} hóspedes' },
  status: {
    requested: 'pedida',
    awaiting_payment: 'a aguardar pagamento',
    confirmed: 'confirmada',
    balance_due: 'com saldo por pagar',
    paid: 'paga',
    completed: 'concluída',
    declined: 'recusada',
    expired: 'expirada',
    cancelled: 'cancelada',
  },
  movement: { arrival: 'entrada', departure: 'saída' },
  document: { invoice_receipt: 'fatura-recibo', credit_note: 'nota de crédito' },
  reference: ', reserva {reference}',
  somePlatform: 'A plataforma',
  link: 'A reserva:',
  linkLabel: 'Abrir a reserva',
  notices: {
    inquiry: {
      subject: 'Novo pedido de informação de {name}',
      heading: 'Novo pedido de informação',
      name: 'Nome',
      email: 'E-mail',
      guests: 'Hóspedes',
      checkIn: 'Entrada',
      checkOut: 'Saída',
      language: 'Língua',
      message: 'Mensagem',
      price: 'Preço estimado',
      total: 'Total',
    },
    nightHolders: {
      subject: 'Verifique o calendário: uma noite está reservada duas vezes ou uma reserva perdeu as suas noites',
      intro: 'O site verifica o calendário em cada ronda e encontrou o seguinte:',
      twoHolders: 'As mesmas noites estão ocupadas duas vezes: {first} ({firstNights}) e {second} ({secondNights}).',
      unheldBooking: 'A reserva {code} ({status}, {nights}) não ocupa exatamente as suas noites.',
      orphanHold: 'As noites {nights} estão ocupadas pela reserva {code}, que está {status}.',
      orphanGone: 'As noites {nights} estão ocupadas por uma reserva que já não existe.',
      booking: 'a reserva {code}',
      block: 'o bloqueio {id}',
      nights: '{start} a {end}',
      outro: 'Abra cada reserva na administração e decida com os hóspedes; nada foi alterado automaticamente.',
      link: 'As reservas:',
      linkLabel: 'Abrir a administração',
    },
    feed: {
      failingSubject: 'O calendário «{name}» falha desde {since}',
      failing: 'Não foi possível importar o calendário «{name}» desde {since}.',
      lastError: 'Último erro',
      failingNext:
        'As noites que enviou antes continuam bloqueadas até voltar a funcionar. Veja o painel Calendário na administração.',
      recoveredSubject: 'O calendário «{name}» voltou a funcionar',
      recovered: 'O calendário «{name}» foi importado de novo e as suas noites estão atualizadas.',
    },
  },
};

export const OWNER_TEXTS: Readonly<Record<string, OwnerTexts>> = { en: EN, 'pt-PT': PT };

/** The owner's words in `locale`, English for a language without them. */
export const ownerTexts = (locale: string): OwnerTexts => OWNER_TEXTS[locale] ?? EN;

/** A text with its `{placeholders}` filled; a value not given reads as empty. */
export const fillOwnerText = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');
