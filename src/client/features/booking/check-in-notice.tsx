import { m } from '../../i18n/paraglide/messages';

/** Before the form: why the data is asked, who gets it, how long it is kept (Lei 23/2007, art. 15.º). */
export function CheckInNotice() {
  return (
    <div className="mt-3 rounded-lg bg-lake-50 p-4 text-sm text-lake-900" data-testid="check-in-notice">
      <h3 className="font-semibold">{m.checkIn_noticeTitle()}</h3>
      <p className="mt-1">{m.checkIn_noticeWhy()}</p>
      <p className="mt-1">{m.checkIn_noticeWho()}</p>
      <p className="mt-1">{m.checkIn_noticeKept()}</p>
    </div>
  );
}
