import { useSearchParams } from 'react-router';
import { houseToday } from '../../shared/dates';
import { ReportsPanel } from '../features/reports/reports-panel';
import { m } from '../i18n/paraglide/messages';
import { AdminFrame } from './admin-frame';

const thisYear = () => Number(houseToday(Date.now()).slice(0, 4));

/** /admin/reports?year=YYYY: the year's books, this year's unless the address names another. */
export function AdminReportsRoute() {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('year'));
  const year = Number.isInteger(asked) && asked >= 2000 && asked <= 2100 ? asked : thisYear();
  return (
    <AdminFrame back={[{ to: '/admin', label: m.admin_back() }]} tab={m.reports_nav()}>
      <ReportsPanel key={year} year={year} onYear={(next) => setParams({ year: String(next) }, { replace: true })} />
    </AdminFrame>
  );
}
