import type { Customer } from '#domain/customer';
import { customerStats } from '#domain/customerList';

import { StatCard } from '../../ui/StatCard';

/** The customer cards: totals, the active ones and (on /customers) those without a proposition. */
export function CustomerStats({
  customers,
  loading,
  withoutProposition,
}: {
  customers: ReadonlyArray<Pick<Customer, 'propositionCount'>>;
  loading: boolean;
  withoutProposition?: boolean;
}) {
  const stats = customerStats(customers);
  return (
    <>
      <StatCard label="Total Clients" value={stats.totalClients} icon="pi-users" loading={loading} />
      <StatCard label="Total Propositions" value={stats.totalPropositions} icon="pi-file" loading={loading} />
      <StatCard label="Clients Actifs" value={stats.active} icon="pi-check-circle" loading={loading} />
      {withoutProposition && (
        <StatCard label="Sans Proposition" value={stats.withoutProposition} icon="pi-user-minus" loading={loading} />
      )}
    </>
  );
}
