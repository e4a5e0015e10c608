// "Effet de la 3D et de l'AR sur les devis": the quote rate of visits with an AR try against those without,
// and of visits with a 3D interaction against view-only ones, each with its 95 % Wilson interval; below
// LIFT_MIN_VISITS visits in a group, "Pas assez de données" instead of a difference. Then the products where
// AR lifts quotes most.
import type { ProductRef } from '#domain/analytics/fields';
import { type InsightsView, type Lift, LIFT_MIN_VISITS, type QuoteGroup } from '#domain/analytics/insightsView';

import { interval, pct, points } from './format';

const groupText = (g: QuoteGroup) => `${pct(g.rate)} (${g.quotes}/${g.visits}, IC 95 % ${interval(g.low, g.high)})`;

function LiftRow({
  label,
  withLabel,
  withoutLabel,
  lift,
}: {
  label: string;
  withLabel: string;
  withoutLabel: string;
  lift: Lift;
}) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td>
        <span className="sr-only">{withLabel} : </span>
        {groupText(lift.with)}
      </td>
      <td>
        <span className="sr-only">{withoutLabel} : </span>
        {groupText(lift.without)}
      </td>
      <td>{lift.enough ? points(lift.difference) : 'Pas assez de données'}</td>
    </tr>
  );
}

export function LiftCard({ view, products }: { view: InsightsView; products: ProductRef[] }) {
  const name = (id: number) => products.find((p) => p.id === id)?.name ?? `Produit ${id}`;
  const { lift } = view;
  return (
    <section className="insight-card" aria-labelledby="insight-lift-title" data-testid="insight-lift">
      <h4 id="insight-lift-title">Effet de la 3D et de l’AR sur les devis</h4>
      <p className="muted">
        Taux de devis des visites, avec son intervalle de confiance à 95 % (Wilson). Écart affiché à partir de{' '}
        {LIFT_MIN_VISITS} visites dans chaque groupe.
      </p>
      <table className="insight-table">
        <caption className="sr-only">Taux de devis avec et sans 3D ou AR</caption>
        <thead>
          <tr>
            <th scope="col">Comparaison</th>
            <th scope="col">Avec</th>
            <th scope="col">Sans</th>
            <th scope="col">Écart</th>
          </tr>
        </thead>
        <tbody>
          <LiftRow label="Essai AR" withLabel="Avec essai AR" withoutLabel="Sans essai AR" lift={lift.ar} />
          <LiftRow
            label="Interaction 3D"
            withLabel="Avec interaction 3D"
            withoutLabel="Consultation seule"
            lift={lift.interaction}
          />
        </tbody>
      </table>
      <h5>Produits où l’AR apporte le plus de devis</h5>
      {lift.topAr.length === 0 ? (
        <p>Pas assez de données : aucun produit n’a {LIFT_MIN_VISITS} visites avec et sans essai AR.</p>
      ) : (
        <table className="insight-table" data-testid="insight-top-lift">
          <caption className="sr-only">Produits où l’AR apporte le plus de devis</caption>
          <thead>
            <tr>
              <th scope="col">Produit</th>
              <th scope="col">Avec essai AR</th>
              <th scope="col">Sans essai AR</th>
              <th scope="col">Écart</th>
            </tr>
          </thead>
          <tbody>
            {lift.topAr.map((p) => (
              <tr key={p.product}>
                <th scope="row">{name(p.product)}</th>
                <td>{groupText(p.ar.with)}</td>
                <td>{groupText(p.ar.without)}</td>
                <td>{points(p.ar.difference)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
