// "Classement des produits" (all-products scope): one row per product for the selected period and counting,
// from the worker's ranking columns. Sortable on every column, filterable by name, the first 10 by default
// with "Voir tout"; a row (or its product's name, for the keyboard) selects the product as the scope.
// A plain table, not a DataTable: row objects are made only for the rows on screen, the first ten are found
// without sorting every product, and "Voir tout" renders only the rows in view (docs/performance.md,
// "Dashboard at scale": 10 000 products).
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { memo, useCallback, useMemo, useState } from 'react';

import type { ProductRef } from '#domain/analytics/fields';
import {
  type RankingColumns,
  rankingComparator,
  type RankingKey,
  rankingOrder,
  rankingRow,
  type RankingSort,
} from '#domain/analytics/ranking';
import { changeLabel, changePercent } from '#domain/analytics/rules';

import { RankingRows, type RankingRowsProps } from './RankingRows';

export const FIRST_ROWS = 10;

interface Props {
  ranking: RankingColumns;
  products: ProductRef[];
  comparing: boolean;
  onSelect: (productId: number) => void;
  /** The CSV, in the table's order. */
  onExportCsv: (sort: RankingSort | null) => void;
  exporting: boolean;
}

const COLUMNS: Array<{ key: RankingKey; label: string }> = [
  { key: 'name', label: 'Produit' },
  { key: 'consultations', label: 'Consultations' },
  { key: 'interactions', label: 'Interactions 3D' },
  { key: 'arTries', label: 'Essais AR' },
  { key: 'conversions', label: 'Conversions' },
  { key: 'conversionRate', label: 'Taux de conversion' },
];
const CHANGE_COLUMN = { key: 'change' as const, label: 'Évolution' };

/** A header click: ascending, then descending, then back to the default order. */
const nextSort = (sort: RankingSort | null, key: RankingKey): RankingSort | null =>
  sort?.key !== key ? { key, order: 1 } : sort.order === 1 ? { key, order: -1 } : null;

export const RankingTable = memo(function RankingTable({
  ranking,
  products,
  comparing,
  onSelect,
  onExportCsv,
  exporting,
}: Props) {
  const [filter, setFilter] = useState('');
  const [all, setAll] = useState(false);
  const [sort, setSort] = useState<RankingSort | null>(null);
  const exportCsv = useCallback(() => onExportCsv(sort), [onExportCsv, sort]);
  const names = useMemo(() => new Map(products.map((p) => [p.id, p.name])), [products]);
  const nameOf = useMemo(() => {
    const { productIds } = ranking;
    return (i: number) => names.get(productIds[i]) ?? `Produit ${productIds[i]}`;
  }, [ranking, names]);
  const needle = filter.trim().toLocaleLowerCase('fr');
  // Indexes of the matching products, in order; without "Voir tout", the first FIRST_ROWS only.
  const { order, matching } = useMemo(() => {
    const count = ranking.productIds.length;
    const keep = needle ? (i: number) => nameOf(i).toLocaleLowerCase('fr').includes(needle) : () => true;
    let matches = count;
    if (needle) {
      matches = 0;
      for (let i = 0; i < count; i++) if (keep(i)) matches++;
    }
    const compare = rankingComparator(ranking, nameOf, sort);
    return { order: rankingOrder(count, compare, keep, all ? Infinity : FIRST_ROWS), matching: matches };
  }, [ranking, nameOf, needle, sort, all]);
  const columns = comparing ? [...COLUMNS, CHANGE_COLUMN] : COLUMNS;

  const rowAt: RankingRowsProps['rowAt'] = (k) => {
    const i = order[k];
    const row = rankingRow(ranking, i);
    const change =
      row.previousConsultations === null ? null : changePercent(row.consultations, row.previousConsultations);
    return { ...row, name: nameOf(i), change, changeText: changeLabel(change) };
  };

  return (
    <section className="card ranking" aria-labelledby="ranking-title">
      <RankingHeader filter={filter} onFilter={setFilter} onExportCsv={exportCsv} exporting={exporting} />
      <RankingRows
        columns={columns}
        sort={sort}
        onSort={(key) => setSort((s) => nextSort(s, key))}
        count={order.length}
        rowAt={rowAt}
        scrolling={all && order.length > FIRST_ROWS}
        comparing={comparing}
        onSelect={onSelect}
      />
      {matching > FIRST_ROWS && <ShowAll all={all} matching={matching} onToggle={setAll} />}
    </section>
  );
});

/** Title, filter and export: memoised, so new figures do not re-render PrimeReact's input and button. */
const RankingHeader = memo(function RankingHeader({
  filter,
  onFilter,
  onExportCsv,
  exporting,
}: {
  filter: string;
  onFilter: (value: string) => void;
  onExportCsv: () => void;
  exporting: boolean;
}) {
  return (
    <header className="chart-card-header ranking-header">
      <h3 id="ranking-title">Classement des produits</h3>
      <span className="p-input-icon-left ranking-filter">
        <InputText
          value={filter}
          onChange={(e) => onFilter(e.target.value)}
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
  );
});

const ShowAll = memo(function ShowAll({
  all,
  matching,
  onToggle,
}: {
  all: boolean;
  matching: number;
  onToggle: (update: (all: boolean) => boolean) => void;
}) {
  return (
    <Button
      type="button"
      link
      label={all ? `Voir les ${FIRST_ROWS} premiers` : `Voir tout (${matching})`}
      onClick={() => onToggle((a) => !a)}
    />
  );
});
