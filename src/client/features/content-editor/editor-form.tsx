import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { PropertySchema } from '../../../shared/content';
import { languageNameIn } from '../../../shared/locales';
import { ApiError } from '../../lib/api';
import { formatLongDayTime } from '../../lib/format-date';
import { SessionEndedError } from '../../lib/use-admin-api';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useToast } from '../../ui/toast';
import { useConfirm } from '../../ui/use-confirm';
import { type BaseVersion, type ContentDocument, type ContentState, useContentActions } from './content-api';
import type { ContentForm } from './form-values';
import { AmenitiesSection } from './amenities-section';
import { ArrivalSection } from './arrival-section';
import { BookingSection } from './booking-section';
import { ContactSection } from './contact-section';
import { GuestsSection } from './guests-section';
import { HistorySection } from './history-section';
import { issueText } from './issue-text';
import { fieldOfIssue, fromEditable, toEditable } from './localized-paths';
import { PhotosSection } from './photos-section';
import { PlaceSection } from './place-section';
import { PricesSection } from './prices-section';
import { TextsSection } from './texts-section';
import { UnitSection } from './unit-section';
import { pageLocale } from '../../i18n/locale';
import { m } from '../../i18n/paraglide/messages';

const button = 'rounded-lg px-4 py-2 text-sm font-semibold disabled:opacity-60';

interface Props {
  content: ContentDocument;
  /** What this copy was read from: the draft's token, or the published version while there is no draft. */
  baseVersion: BaseVersion;
  draftSavedAt?: string;
  published: ContentState['published'];
  stripeConfigured: boolean;
  reload: () => Promise<void>;
}

/** The refusals the editor explains itself, read when shown so they speak the page's language. */
const FAILURES: Partial<Record<string, () => string>> = {
  draft_conflict: m.editor_failure_draftConflict,
  content_read_only: m.editor_failure_readOnly,
  data_key_missing: m.editor_failure_dataKeyMissing,
};

export function EditorForm({ content, baseVersion, draftSavedAt, published, stripeConfigured, reload }: Props) {
  const locales = content.locales;
  const form = useForm<ContentForm>({ defaultValues: toEditable(content) });
  const actions = useContentActions();
  const toast = useToast();
  const { ask, dialog } = useConfirm();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();

  /** Sends the form as the draft; answers the draft's new token, or undefined when it was refused. */
  async function saveDraft(): Promise<BaseVersion | undefined> {
    form.clearErrors();
    setProblem(undefined);
    const document = fromEditable(form.getValues() as ContentDocument);
    const checked = PropertySchema.safeParse(document);
    if (!checked.success) {
      for (const issue of checked.error.issues)
        form.setError(fieldOfIssue(document, issue.path), { message: issueText(issue) });
      setProblem(m.editor_fieldsNeedAttention({ count: checked.error.issues.length }));
      return undefined;
    }
    try {
      const saved = await actions.saveDraft(baseVersion, document);
      return saved?.baseVersion;
    } catch (error) {
      refused(error, m.editor_saveError());
      return undefined;
    }
  }

  function refused(error: unknown, fallback: string) {
    if (error instanceof SessionEndedError) return;
    const known = error instanceof ApiError ? FAILURES[error.code]?.() : undefined;
    if (error instanceof ApiError && error.field) form.setError(error.field, { message: issueText(error) });
    setProblem(known ?? (error instanceof ApiError ? `${fallback} ${issueText(error)}` : fallback));
    toast.error(fallback);
  }

  async function run(work: () => Promise<boolean>) {
    setBusy(true);
    try {
      if (await work()) await reload();
    } finally {
      setBusy(false);
    }
  }

  const save = () =>
    run(async () => {
      const saved = (await saveDraft()) !== undefined;
      if (saved) toast.success(m.editor_draftSaved());
      return saved;
    });

  const publish = () =>
    run(async () => {
      const token = form.formState.isDirty || draftSavedAt === undefined ? await saveDraft() : baseVersion;
      if (token === undefined) return false;
      try {
        const { version } = await actions.publish(token);
        toast.success(m.editor_versionLive({ version }));
        return true;
      } catch (error) {
        refused(error, m.editor_publishError());
        return false;
      }
    });

  // The preview is the saved draft: unsaved edits are saved first. The tab opens at the click,
  // before the save, so no popup blocker stands in the way.
  const preview = (locale: string) => {
    const tab = window.open('about:blank', '_blank');
    void run(async () => {
      const token = form.formState.isDirty || draftSavedAt === undefined ? await saveDraft() : baseVersion;
      if (token === undefined) tab?.close();
      else if (tab) tab.location.href = `/api/admin/content/preview?locale=${encodeURIComponent(locale)}`;
      return token !== undefined && token !== baseVersion;
    });
  };

  const restore = (version: number) => {
    const go = () =>
      void run(async () => {
        try {
          await actions.restore(version, baseVersion);
          toast.success(m.editor_versionIsDraft({ version }));
          return true;
        } catch (error) {
          refused(error, m.editor_restoreError());
          return false;
        }
      });
    if (form.formState.isDirty) ask(m.editor_restoreConfirm({ version }), m.editor_restore(), go);
    else go();
  };

  return (
    <FormProvider {...form}>
      <form
        aria-label={m.editor_title()}
        className="space-y-6"
        // The schema names every problem on its field and language; the browser's own bubbles would name one.
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <div className="sticky top-0 z-10 flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-white p-4 shadow-sm">
          <p data-testid="content-status" className="text-sm text-slate-700">
            {m.editor_statusLive({ version: published.version })}{' '}
            {draftSavedAt
              ? m.editor_statusDraftSaved({ when: formatLongDayTime(draftSavedAt) })
              : m.editor_statusNoDraft()}
            {form.formState.isDirty ? ` ${m.editor_statusUnsaved()}` : ''}
          </p>
          <div className="flex flex-wrap gap-2">
            <button type="submit" disabled={busy} className={`${button} border border-slate-300 hover:bg-slate-50`}>
              {m.editor_saveDraft()}
            </button>
            {locales.map((locale) => (
              <button
                key={locale}
                type="button"
                disabled={busy}
                onClick={() => preview(locale)}
                className={`${button} border border-slate-300 hover:bg-slate-50`}
              >
                {m.editor_preview({ locale: languageNameIn(locale, pageLocale) })}
              </button>
            ))}
            <button
              type="button"
              disabled={busy}
              onClick={() => void publish()}
              className={`${button} bg-lake-700 text-white hover:bg-lake-800`}
            >
              {m.editor_publish()}
            </button>
          </div>
        </div>
        {problem && (
          <div role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 text-red-900">
            <p>{problem}</p>
            {problem === m.editor_failure_draftConflict() && (
              <button
                type="button"
                onClick={() => void reload()}
                className={`${button} mt-2 border border-red-700 text-red-800`}
              >
                {m.editor_loadLatest()}
              </button>
            )}
          </div>
        )}
        <TextsSection locales={locales} />
        <PricesSection locales={locales} />
        <GuestsSection />
        <BookingSection locales={locales} stripeConfigured={stripeConfigured} />
        <AmenitiesSection locales={locales} />
        <PlaceSection locales={locales} />
        <ContactSection locales={locales} />
        <ArrivalSection locales={locales} />
        <UnitSection />
        <PhotosSection locales={locales} />
      </form>
      <HistorySection published={published} onRestore={restore} />
      <ConfirmDialog {...dialog} cancelLabel={m.editor_keepEdits()} />
    </FormProvider>
  );
}
