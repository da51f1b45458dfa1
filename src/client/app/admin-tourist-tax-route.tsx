import { QueryClientProvider } from '@tanstack/react-query';
import { Link, Navigate, useSearchParams } from 'react-router';
import { addMonths } from '../../shared/date-ranges';
import { houseToday } from '../../shared/dates';
import { TouristTaxPanel } from '../features/admin/tourist-tax-panel';
import { adminFlag } from '../lib/admin-flag';
import { queryClient } from '../lib/query-client';
import { useAdminLocale } from './admin-locale';

/** The return filed for last month, unless the address names another. */
const lastMonth = () => addMonths(`${houseToday(Date.now()).slice(0, 7)}-01`, -1).slice(0, 7);

/** /admin/tourist-tax?month=YYYY-MM: the monthly tourist tax return. */
export function AdminTouristTaxRoute() {
  useAdminLocale();
  const [params, setParams] = useSearchParams();
  if (!adminFlag.isSet()) return <Navigate to="/login" replace />;
  const asked = params.get('month') ?? '';
  const month = /^\d{4}-(0[1-9]|1[0-2])$/.test(asked) ? asked : lastMonth();
  return (
    <QueryClientProvider client={queryClient}>
      <div className="min-h-screen bg-sand-50">
        <header className="bg-lake-800 px-4 py-4 text-white">
          <div className="mx-auto flex max-w-7xl items-center justify-between gap-4">
            <h1 className="text-xl font-semibold">Painel Administrativo</h1>
            <Link to="/admin" className="rounded-lg border border-white/60 px-4 py-1.5 font-medium hover:bg-white/10">
              Back to the admin
            </Link>
          </div>
        </header>
        <main className="mx-auto max-w-7xl px-4 py-8">
          <TouristTaxPanel month={month} onMonth={(next) => setParams({ month: next }, { replace: true })} />
        </main>
      </div>
    </QueryClientProvider>
  );
}
