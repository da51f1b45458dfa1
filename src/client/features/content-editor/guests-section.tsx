import { ChoiceList } from './choice-list';
import { EditorSection } from './editor-section';
import { MoneyInput } from './money-input';
import { OptionalGroup } from './optional-group';
import { NumberInput, PlainInput } from './plain-inputs';
import { weekdayOptions } from './weekday-options';
import { m } from '../../i18n/paraglide/messages';

/** How many guests and bedrooms, the days a stay may start, and the charges per guest. */
export function GuestsSection() {
  return (
    <EditorSection id="guests" title={m.editor_guestsSection()}>
      <div className="grid gap-3 md:grid-cols-3">
        <NumberInput path="capacity" label={m.editor_capacity()} min={1} />
        <NumberInput path="bedrooms" label={m.editor_bedrooms()} min={1} />
        <PlainInput path="pricing.currency" label={m.editor_currency()} hint={m.editor_currencyHint()} />
      </div>
      <ChoiceList
        path="pricing.arrivalDays"
        legend={m.editor_arrivalDays()}
        hint={m.editor_arrivalDaysHint()}
        options={weekdayOptions()}
        emptyIsNone
      />
      <OptionalGroup path="pricing.extraGuest" label={m.editor_extraGuest()} initial={() => ({ from: 1, perNight: 0 })}>
        <div className="grid gap-3 md:grid-cols-2">
          <NumberInput
            path="pricing.extraGuest.from"
            label={m.editor_extraGuestFrom()}
            min={1}
            hint={m.editor_extraGuestFromHint()}
          />
          <MoneyInput path="pricing.extraGuest.perNight" label={m.editor_extraGuestPerNight()} />
        </div>
      </OptionalGroup>
      <OptionalGroup
        path="pricing.touristTax"
        label={m.editor_touristTax()}
        initial={() => ({ municipality: '', perGuestPerNight: 0 })}
      >
        <div className="grid gap-3 md:grid-cols-2">
          <MoneyInput path="pricing.touristTax.perGuestPerNight" label={m.editor_touristTaxAmount()} />
          <NumberInput
            path="pricing.touristTax.maxNights"
            label={m.editor_touristTaxMaxNights()}
            min={1}
            hint={m.editor_touristTaxMaxNightsHint()}
          />
          <PlainInput
            path="pricing.touristTax.municipality"
            label={m.editor_municipality()}
            hint={m.editor_municipalityHint()}
          />
          <NumberInput
            path="pricing.touristTax.minAge"
            label={m.editor_touristTaxMinAge()}
            min={1}
            max={25}
            hint={m.editor_touristTaxMinAgeHint()}
          />
        </div>
      </OptionalGroup>
    </EditorSection>
  );
}
