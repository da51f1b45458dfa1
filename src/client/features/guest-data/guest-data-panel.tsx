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
      'Search done.',
      adminFailure('Error searching.'),
    );
  }

  const download = (query: string) =>
    void act(
      async () => saveJson('guest-data.json', await adminApi<GuestData>(pathFor(query, true))),
      'Downloaded.',
      'Error downloading.',
    );

  const erase = ({ query, data }: { query: string; data: GuestData }) =>
    confirm.ask(
      `Erase ${m.count_inquiries({ count: data.inquiries.length })} and ${m.count_reviews({ count: data.reviews.length })}, and clear ${m.count_calendarNotes({ count: data.blocks.length })}, for good? This cannot be undone.`,
      'Erase',
      () => {
        const body = {
          inquiryIds: data.inquiries.map((i) => i.id),
          reviewIds: data.reviews.map((r) => r.id),
          blockIds: data.blocks.map((b) => b.id),
        };
        void act(
          () => adminApi('/api/admin/guest-data/erase', { method: 'POST', body }),
          'Erased.',
          'Error erasing.',
        ).then(async (done) => {
          if (done) setFound({ query, data: await adminApi<GuestData>(pathFor(query)) });
        });
      },
    );

  return (
    <section aria-labelledby="guest-data-heading" className="rounded-2xl bg-white p-6 shadow-sm xl:col-span-2">
      <h2 id="guest-data-heading" className="text-2xl font-semibold text-lake-800">
        Guest data
      </h2>
      <form
        onSubmit={(e) => void search(e)}
        aria-label="Find a guest's data"
        className="mt-4 grid gap-3 sm:grid-cols-[auto_1fr_auto] sm:items-end"
      >
        <Field density="admin" label="Search by">
          {(control) => (
            <select {...control} value={by} onChange={(e) => setBy(e.target.value as By)}>
              <option value="email">E-mail</option>
              <option value="name">Name</option>
            </select>
          )}
        </Field>
        <Field density="admin" label={by === 'email' ? 'E-mail address' : 'Name, or a part of it'}>
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
          Search
        </button>
      </form>
      {found && (
        <GuestDataResults data={found.data} onDownload={() => download(found.query)} onErase={() => erase(found)} />
      )}
      <AuditList />
      <ConfirmDialog {...confirm.dialog} />
    </section>
  );
}
