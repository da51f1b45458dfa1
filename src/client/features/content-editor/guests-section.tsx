import { ChoiceList } from './choice-list';
import { EditorSection } from './editor-section';
import { MoneyInput } from './money-input';
import { OptionalGroup } from './optional-group';
import { NumberInput, PlainInput } from './plain-inputs';
import { WEEKDAY_OPTIONS } from './weekday-options';

/** How many guests and bedrooms, the days a stay may start, and the charges per guest. */
export function GuestsSection() {
  return (
    <EditorSection id="guests" title="Guests, arrival days and charges">
      <div className="grid gap-3 md:grid-cols-3">
        <NumberInput path="capacity" label="Guests at most" min={1} />
        <NumberInput path="bedrooms" label="Bedrooms" min={1} />
        <PlainInput path="pricing.currency" label="Currency" hint="Three letters, such as EUR" />
      </div>
      <ChoiceList
        path="pricing.arrivalDays"
        legend="Arrival days"
        hint="None ticked: a stay may start on any day. A season may have its own."
        options={WEEKDAY_OPTIONS}
        emptyIsNone
      />
      <OptionalGroup
        path="pricing.extraGuest"
        label="Charge for extra guests"
        initial={() => ({ from: 1, perNight: 0 })}
      >
        <div className="grid gap-3 md:grid-cols-2">
          <NumberInput
            path="pricing.extraGuest.from"
            label="From the guest number"
            min={1}
            hint="Such as 5: the fifth guest and after"
          />
          <MoneyInput path="pricing.extraGuest.perNight" label="Per extra guest and night (€)" />
        </div>
      </OptionalGroup>
      <OptionalGroup
        path="pricing.touristTax"
        label="Charge a tourist tax"
        initial={() => ({ municipality: '', perGuestPerNight: 0 })}
      >
        <div className="grid gap-3 md:grid-cols-2">
          <MoneyInput path="pricing.touristTax.perGuestPerNight" label="Tourist tax per guest and night (€)" />
          <NumberInput
            path="pricing.touristTax.maxNights"
            label="For at most (nights)"
            min={1}
            hint="Empty: every night"
          />
          <PlainInput
            path="pricing.touristTax.municipality"
            label="Municipality"
            hint="As on its tax return, such as Tomar"
          />
          <NumberInput
            path="pricing.touristTax.minAge"
            label="Guests younger than this pay none (years)"
            min={1}
            max={25}
            hint="Empty: every age pays"
          />
        </div>
      </OptionalGroup>
    </EditorSection>
  );
}
