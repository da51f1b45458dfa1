import { useState } from 'react';
import { m } from '../../i18n/paraglide/messages';
import { AmountAction } from './amount-action';

/** A fresh key for one filling in of the form: 32 hex digits, from the browser's random source. */
const newFormKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

interface TransferReceivedProps {
  id: string;
  /** What is expected next, offered in the field. */
  expectedCents: number;
  buttonClass: string;
  /** Records the amount under the form's key; resolves once the list was read again. */
  onRecord: (body: { amountCents: number; idempotencyKey: string }) => Promise<unknown>;
}

/**
 * "Transfer received": the amount and its button. The form keeps one key until the money is
 * recorded, so a second click or a retried request records it once; the list then gives the
 * booking a new paid amount, and the parent's `key` starts a new form with the next amount.
 */
export function TransferReceived({ id, expectedCents, buttonClass, onRecord }: TransferReceivedProps) {
  const [formKey] = useState(newFormKey);
  return (
    <AmountAction
      id={id}
      label={m.adminUi_received()}
      initialCents={expectedCents}
      button={m.adminUi_markReceived()}
      buttonClass={buttonClass}
      onAmount={(cents) => onRecord({ amountCents: cents, idempotencyKey: formKey })}
    />
  );
}
