// "Succès AR par plateforme": per platform (then per device class), the visits that launched AR, those
// that succeeded, failed, and asked a quote, with the failure rate. A failing platform (the rule of
// domain/analytics/insightsView.ts) says so in words and with an icon, not by colour alone.
import type { ProductRef } from '#domain/analytics/fields';
import { type ArOutcome, FAILING_MIN_LAUNCHES, FAILING_RATE, type InsightsView } from '#domain/analytics/insightsView';
import { AR_PLATFORM_LABELS, DEVICE_LABELS } from '#domain/visitSignals';

import { pct } from './format';

function Row({ name, o }: { name: string; o: ArOutcome }) {
  return (
    <tr className={o.failing ? 'insight-failing' : undefined}>
      <th scope="row">
        {name}
        {o.failing && (
          <span className="insight-alert">
            <i className="pi pi-exclamation-triangle" aria-hidden="true" /> Échecs fréquents
          </span>
        )}
      </th>
      <td>{o.launched}</td>
      <td>{o.succeeded}</td>
      <td>{o.failed}</td>
      <td>{pct(o.failureRate)}</td>
      <td>{o.quotes}</td>
    </tr>
  );
}

function Head({ first }: { first: string }) {
  return (
    <thead>
      <tr>
        <th scope="col">{first}</th>
        <th scope="col">Lancements</th>
        <th scope="col">Réussis</th>
        <th scope="col">Échecs</th>
        <th scope="col">Taux d’échec</th>
        <th scope="col">Devis</th>
      </tr>
    </thead>
  );
}

export function ArSuccess({ view, products }: { view: InsightsView; products: ProductRef[] }) {
  const name = (id: number) => products.find((p) => p.id === id)?.name ?? `Produit ${id}`;
  return (
    <section className="insight-card" aria-labelledby="insight-ar-title" data-testid="insight-ar">
      <h4 id="insight-ar-title">Succès AR par plateforme</h4>
      <p className="muted">
        Un lancement réussit quand l’objet est posé (WebXR) ou quand le visiteur revient sans échec (Scene Viewer, Quick
        Look). Signalé à partir de {FAILING_MIN_LAUNCHES} lancements et {pct(FAILING_RATE)} d’échecs.
      </p>
      <table className="insight-table">
        <caption className="sr-only">Succès AR par plateforme</caption>
        <Head first="Plateforme" />
        <tbody>
          {view.ar.map((o) => (
            <Row key={o.platform} name={AR_PLATFORM_LABELS[o.platform]} o={o} />
          ))}
        </tbody>
      </table>
      {view.arByDevice.length > 0 && (
        <table className="insight-table">
          <caption className="sr-only">Succès AR par appareil</caption>
          <Head first="Appareil" />
          <tbody>
            {view.arByDevice.map((o) => (
              <Row key={o.device ?? 'inconnu'} name={o.device ? DEVICE_LABELS[o.device] : 'Appareil inconnu'} o={o} />
            ))}
          </tbody>
        </table>
      )}
      {view.failingProducts.length > 0 && (
        <div className="insight-alert-list" role="note">
          <p>
            <i className="pi pi-exclamation-triangle" aria-hidden="true" /> Produits dont l’AR échoue souvent :
          </p>
          <ul>
            {view.failingProducts.map((f) => (
              <li key={`${f.product}-${f.platform}`}>
                {name(f.product)} — {AR_PLATFORM_LABELS[f.platform]} : {f.failed} échecs sur {f.launched} lancements (
                {pct(f.failureRate)})
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
