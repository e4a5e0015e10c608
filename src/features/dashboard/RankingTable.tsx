// "Classement des produits" (all-products scope): one row per product for the selected period and counting,
// from the worker's tally. Sortable on every column, filterable by name, virtualised (1 000 rows scroll
// smoothly), the first 10 by default with "Voir tout"; a row click selects the product as the scope.
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { InputText } from 'primereact/inputtext';
import { memo, useMemo, useState } from 'react';

import type { ProductRef } from '../../domain/analytics/fields';
import { changeLabel, changePercent } from '../../domain/analytics/rules';
import type { RankingRow } from '../../domain/analytics/view';

export const FIRST_ROWS = 10;
const ROW_HEIGHT = 41;
const fr = (v: number) => v.toLocaleString('fr-FR');

type Row = RankingRow & { name: string; change: number | null };

interface Props {
  rows: RankingRow[];
  products: ProductRef[];
  comparing: boolean;
  onSelect: (productId: number) => void;
  onExportCsv: () => void;
  exporting: boolean;
}

export const RankingTable = memo(function RankingTable({
  rows,
  products,
  comparing,
  onSelect,
  onExportCsv,
  exporting,
}: Props) {
  const [filter, setFilter] = useState('');
  const [all, setAll] = useState(false);
  const names = useMemo(() => new Map(products.map((p) => [p.id, p.name])), [products]);
  const data = useMemo<Row[]>(() => {
    const needle = filter.trim().toLocaleLowerCase('fr');
    return rows
      .map((r) => ({
        ...r,
        name: names.get(r.productId) ?? `Produit ${r.productId}`,
        change: r.previousConsultations === null ? null : changePercent(r.consultations, r.previousConsultations),
      }))
      .filter((r) => !needle || r.name.toLocaleLowerCase('fr').includes(needle))
      .sort((a, b) => b.consultations - a.consultations || a.name.localeCompare(b.name, 'fr'));
  }, [rows, names, filter]);
  const shown = all ? data : data.slice(0, FIRST_ROWS);
  const big = all && data.length > FIRST_ROWS;

  return (
    <section className="card ranking" aria-labelledby="ranking-title">
      <header className="chart-card-header ranking-header">
        <h3 id="ranking-title">Classement des produits</h3>
        <span className="p-input-icon-left ranking-filter">
          <InputText
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            placeholder="Filtrer par nom"
            aria-label="Filtrer les produits par nom"
          />
        </span>
        <Button
          type="button"
          size="small"
          outlined
          icon="pi pi-download"
          label="Exporter CSV"
          loading={exporting}
          onClick={onExportCsv}
        />
      </header>
      <DataTable
        value={shown}
        dataKey="productId"
        size="small"
        removableSort
        sortField="consultations"
        sortOrder={-1}
        scrollable={big}
        scrollHeight={big ? '480px' : undefined}
        virtualScrollerOptions={big ? { itemSize: ROW_HEIGHT } : undefined}
        selectionMode="single"
        onRowClick={(e) => onSelect((e.data as Row).productId)}
        rowClassName={() => 'ranking-row'}
        emptyMessage="Aucun produit"
      >
        <Column field="name" header="Produit" sortable />
        <Column
          field="consultations"
          header="Consultations"
          sortable
          body={(r: Row) => fr(r.consultations)}
          align="right"
        />
        <Column
          field="interactions"
          header="Interactions 3D"
          sortable
          body={(r: Row) => fr(r.interactions)}
          align="right"
        />
        <Column field="arTries" header="Essais AR" sortable body={(r: Row) => fr(r.arTries)} align="right" />
        <Column field="conversions" header="Conversions" sortable body={(r: Row) => fr(r.conversions)} align="right" />
        <Column
          field="conversionRate"
          header="Taux de conversion"
          sortable
          body={(r: Row) => `${r.conversionRate} %`}
          align="right"
        />
        {comparing && (
          <Column
            field="change"
            header="Évolution"
            sortable
            align="right"
            body={(r: Row) => (
              <span className={r.change === null || r.change === 0 ? '' : r.change > 0 ? 'up' : 'down'}>
                {changeLabel(r.change)}
              </span>
            )}
          />
        )}
      </DataTable>
      {data.length > FIRST_ROWS && (
        <Button
          type="button"
          link
          label={all ? `Voir les ${FIRST_ROWS} premiers` : `Voir tout (${data.length})`}
          onClick={() => setAll((a) => !a)}
        />
      )}
    </section>
  );
});
