import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { GuestData } from '../../../shared/guest-data';
import { saveJson } from '../../lib/save-file';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useConfirm } from '../../ui/use-confirm';
import { adminFailure, useAdminAction, useAdminApi } from '../../lib/use-admin-api';
import { AuditList, AUDIT_QUERY_KEY } from './audit-list';
import { GuestDataResults } from './guest-data-results';
import { m } from '../../i18n/paraglide/messages';
import { Field } from '../../ui/field';

type By = 'email' | 'name';

/** A guest's right of access and erasure: find their inquiries and reviews, download them, erase them. */
export function GuestDataPanel() {
  const adminApi = useAdminApi();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const [by, setBy] = useState<By>('email');
  const [text, setText] = useState('');
  const [found, setFound] = useState<{ query: string; data: GuestData } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: AUDIT_QUERY_KEY });
  const act = useAdminAction(refresh);
  const pathFor = (query: string, download = false) =>
    `/api/admin/guest-data?${query}${download ? '&download=true' : ''}`;

  async function search(event?: FormEvent) {
    event?.preventDefault();
    const query = new URLSearchParams({ [by]: text.trim() }).toString();
    await act(
      async () => setFound({ query, data: await adminApi<GuestData>(pathFor(query)) }),
      m.guestData_searchDone(),
      adminFailure(m.guestData_searchFailed()),
    );
  }

  const download = (query: string) =>
    void act(
      async () => saveJson('guest-data.json', await adminApi<GuestData>(pathFor(query, true))),
      m.guestData_downloaded(),
      m.guestData_downloadFailed(),
    );

  const erase = ({ query, data }: { query: string; data: GuestData }) =>
    confirm.ask(
      m.guestData_eraseConfirm({
        inquiries: m.count_inquiries({ count: data.inquiries.length }),
        reviews: m.count_reviews({ count: data.reviews.length }),
        notes: m.count_calendarNotes({ count: data.blocks.length }),
      }),
      m.guestData_erase(),
      () => {
        const body = {
          inquiryIds: data.inquiries.map((i) => i.id),
          reviewIds: data.reviews.map((r) => r.id),
          blockIds: data.blocks.map((b) => b.id),
          // The IBANs given for refunds go too: no law keeps them (decision 0054).
          refundAccountBookingCodes: (data.refundAccounts ?? []).map((a) => a.bookingCode),
        };
        void act(
          () => adminApi('/api/admin/guest-data/erase', { method: 'POST', body }),
          m.guestData_erased(),
          m.guestData_eraseFailed(),
        ).then(async (done) => {
          if (done) setFound({ query, data: await adminApi<GuestData>(pathFor(query)) });
        });
      },
    );

  return (
    <section aria-labelledby="guest-data-heading" className="rounded-2xl bg-white p-6 shadow-sm xl:col-span-2">
      <h2 id="guest-data-heading" className="text-2xl font-semibold text-lake-800">
        {m.guestData_heading()}
      </h2>
      <form
        onSubmit={(e) => void search(e)}
        aria-label={m.guestData_form()}
        className="mt-4 grid gap-3 sm:grid-cols-[auto_1fr_auto] sm:items-end"
      >
        <Field density="admin" label={m.guestData_searchBy()}>
          {(control) => (
            <select {...control} value={by} onChange={(e) => setBy(e.target.value as By)}>
              <option value="email">{m.guestData_byEmail()}</option>
              <option value="name">{m.guestData_byName()}</option>
            </select>
          )}
        </Field>
        <Field density="admin" label={by === 'email' ? m.guestData_emailLabel() : m.guestData_nameLabel()}>
          {(control) => (
            <input
              {...control}
              value={text}
              required
              minLength={by === 'name' ? 2 : 1}
              onChange={(e) => setText(e.target.value)}
            />
          )}
        </Field>
        <button
          type="submit"
          className="rounded-lg bg-lake-700 px-3 py-2 text-sm font-semibold text-white hover:bg-lake-800"
        >
          {m.guestData_search()}
        </button>
      </form>
      {found && (
        <GuestDataResults data={found.data} onDownload={() => download(found.query)} onErase={() => erase(found)} />
      )}
      <AuditList />
      <ConfirmDialog {...confirm.dialog} cancelLabel={m.guestData_cancel()} />
    </section>
  );
}
