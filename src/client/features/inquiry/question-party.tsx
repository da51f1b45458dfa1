import { property } from '../../i18n/locale';
import { m } from '../../i18n/paraglide/messages';
import { type PartyChoice, PartySelects } from '../../ui/party-selects';

/** Who would stay, as "Ask a question" may say: adults (not said until chosen) and each child's age. */
export type QuestionParty = PartyChoice;

/**
 * The party of a question, optional, with the booking form's fields (ui/party-selects.tsx), so an
 * offer made from the question is priced and taxed as a booking would be.
 */
export function QuestionPartyFields({
  id,
  party,
  onChange,
  errorOf,
}: {
  id: string;
  party: QuestionParty;
  onChange: (party: QuestionParty) => void;
  errorOf: (field: string) => string | undefined;
}) {
  return (
    <PartySelects
      party={party}
      onChange={onChange}
      capacity={property.capacity}
      taxFromAge={property.pricing?.touristTax?.minAge}
      idPrefix={id}
      errorOf={errorOf}
      adultsUnset={m.question_adultsUnset()}
      adultsError={errorOf('adults') ?? errorOf('guests')}
    />
  );
}
