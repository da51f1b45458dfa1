import { m } from '../../i18n/paraglide/messages';
import { PartySelects } from '../../ui/party-selects';

export interface Party {
  adults: number;
  /** Each child's age; null until chosen, when the tourist tax needs it. */
  childrenAges: (number | null)[];
}

/**
 * Who stays in a booking: the party's fields (ui/party-selects.tsx), every one required, under the
 * form's own heading, with why a child's age is asked.
 */
export function PartyFields({
  party,
  onChange,
  capacity,
  taxFromAge,
  idPrefix,
  errorOf,
}: {
  party: Party;
  onChange: (party: Party) => void;
  capacity: number;
  taxFromAge: number | undefined;
  idPrefix: string;
  /** The words under a refused field (ui/form-errors.tsx). */
  errorOf: (field: string) => string | undefined;
}) {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2" data-testid="booking-party">
      <legend className="mb-2 text-lg font-semibold text-lake-800">{m.booking_guestPartyTitle()}</legend>
      <PartySelects
        party={party}
        // No "not said" choice here: the adults are always a number.
        onChange={(next) => onChange({ ...next, adults: next.adults ?? party.adults })}
        capacity={capacity}
        taxFromAge={taxFromAge}
        idPrefix={idPrefix}
        errorOf={errorOf}
        agesRequired
        agesHint={
          taxFromAge !== undefined && (
            <p className="text-sm text-slate-600 sm:col-span-2">{m.booking_childAgeHint({ age: taxFromAge })}</p>
          )
        }
      />
    </fieldset>
  );
}
