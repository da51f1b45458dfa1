import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { StayDocument } from '../../../shared/invoicing';
import { CountryOptions } from '../../ui/country-options';
import { m } from '../../i18n/paraglide/messages';
import { adminFailure, useAdminAction, useAdminApi } from '../../lib/use-admin-api';
import { Field } from '../../ui/field';

interface StayTaxNumberProps {
  code: string;
  taxNumber: { nif: string; country: string } | null;
  documents: StayDocument[];
}

/**
 * The tax number (NIF) the stay's invoices carry: the owner sets or corrects it until an invoice is
 * issued; after that an issued invoice cannot change, so "Correct the tax number" asks for a credit
 * note of each issued invoice and a new invoice with the new number (docs/invoicing.md).
 */
export function StayTaxNumber({ code, taxNumber, documents }: StayTaxNumberProps) {
  const id = useId();
  const adminApi = useAdminApi();
  const queryClient = useQueryClient();
  const act = useAdminAction(() => queryClient.invalidateQueries({ queryKey: ['admin', 'stay-documents', code] }));
  const [country, setCountry] = useState(taxNumber?.country ?? 'PT');
  const [nif, setNif] = useState('');
  const issued = documents.some(
    (d) => d.kind === 'invoice_receipt' && ['final', 'sent', 'not_mailed', 'manual'].includes(d.state),
  );
  const path = `/api/admin/bookings/${encodeURIComponent(code)}/${issued ? 'nif-correction' : 'nif'}`;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const done = await act(
      () => adminApi(path, { method: issued ? 'POST' : 'PUT', body: { nif, country } }),
      issued ? m.invoices_taxNumber_corrected() : m.invoices_taxNumber_saved(),
      adminFailure(m.invoices_taxNumber_failed()),
    );
    if (done) setNif('');
  }

  return (
    <form
      onSubmit={submit}
      aria-labelledby={`${id}-heading`}
      className="mt-4 border-t border-slate-200 pt-4"
      data-testid="stay-tax-number"
    >
      <h3 id={`${id}-heading`} className="font-semibold text-slate-900">
        {m.invoices_taxNumber_heading()}
      </h3>
      <p className="mt-1 text-sm text-slate-700" data-testid="stay-tax-number-current">
        {taxNumber
          ? m.invoices_taxNumber_current({ country: taxNumber.country, nif: taxNumber.nif })
          : m.invoices_taxNumber_none()}
      </p>
      {issued && <p className="mt-1 text-sm text-slate-700">{m.invoices_taxNumber_issuedHint()}</p>}
      <div className="mt-2 flex flex-wrap items-end gap-2">
        <Field label={m.invoices_taxNumber_country()} density="admin" className="w-56 text-sm">
          {(control) => (
            <select {...control} value={country} onChange={(e) => setCountry(e.target.value)}>
              <CountryOptions code="alpha2" />
            </select>
          )}
        </Field>
        <Field label={m.invoices_taxNumber_number()} density="admin" className="w-44 text-sm">
          {(control) => (
            <input
              {...control}
              value={nif}
              required
              maxLength={30}
              autoComplete="off"
              onChange={(e) => setNif(e.target.value)}
            />
          )}
        </Field>
        <button
          type="submit"
          className="rounded-lg bg-lake-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-lake-800"
        >
          {issued ? m.invoices_taxNumber_correct() : m.invoices_taxNumber_save()}
        </button>
      </div>
    </form>
  );
}
