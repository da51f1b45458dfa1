import { useSearchParams } from 'react-router';
import { addMonths } from '../../shared/date-ranges';
import { houseToday } from '../../shared/dates';
import { TouristTaxPanel } from '../features/admin/tourist-tax-panel';
import { m } from '../i18n/paraglide/messages';
import { AdminFrame } from './admin-frame';

/** The return filed for last month, unless the address names another. */
const lastMonth = () => addMonths(`${houseToday(Date.now()).slice(0, 7)}-01`, -1).slice(0, 7);

/** /admin/tourist-tax?month=YYYY-MM: the monthly tourist tax return. */
export function AdminTouristTaxRoute() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('month') ?? '';
  const month = /^\d{4}-(0[1-9]|1[0-2])$/.test(asked) ? asked : lastMonth();
  return (
    <AdminFrame back={[{ to: '/admin', label: m.admin_back() }]} tab={m.admin_nav_touristTax()}>
      <TouristTaxPanel month={month} onMonth={(next) => setParams({ month: next }, { replace: true })} />
    </AdminFrame>
  );
}
