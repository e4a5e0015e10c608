// The ranking's table: sortable headers (aria-sort) and its rows. While scrolling ("Voir tout"), only the
// rows in view and a few around them are in the DOM, between two spacer rows of the missing height, so a
// company of 10 000 products scrolls as lightly as one of 10.
import { type UIEvent, useState } from 'react';

import type { RankingKey, RankingRow, RankingSort } from '#domain/analytics/ranking';
import { formatNumber } from '#domain/format';

/** Fixed row height (px, see dashboard.css .ranking-table td): what lets the table compute what is in view. */
export const ROW_HEIGHT = 41;
const VIEW_HEIGHT = 480;
/** Rows drawn above and below those in view, so a fast scroll shows no blank. */
const OVERSCAN = 8;

export type ShownRow = RankingRow & { name: string; change: number | null; changeText: string };

export interface RankingRowsProps {
  columns: Array<{ key: RankingKey; label: string }>;
  sort: RankingSort | null;
  onSort: (key: RankingKey) => void;
  count: number;
  /** The k-th row in display order. */
  rowAt: (k: number) => ShownRow;
  /** "Voir tout": a scrolling box showing only the rows in view. */
  scrolling: boolean;
  comparing: boolean;
  onSelect: (productId: number) => void;
}

const ARIA_SORT = { 1: 'ascending', [-1]: 'descending' } as const;

export function RankingRows({ columns, sort, onSort, count, rowAt, scrolling, comparing, onSelect }: RankingRowsProps) {
  const [top, setTop] = useState(0);
  const first = scrolling ? Math.max(0, Math.floor(top / ROW_HEIGHT) - OVERSCAN) : 0;
  const last = scrolling ? Math.min(count, Math.ceil((top + VIEW_HEIGHT) / ROW_HEIGHT) + OVERSCAN) : count;
  const onScroll = (e: UIEvent<HTMLDivElement>) => setTop(e.currentTarget.scrollTop);
  const rows: ShownRow[] = [];
  for (let k = first; k < last; k++) rows.push(rowAt(k));

  return (
    <div
      className={scrolling ? 'ranking-scroll' : undefined}
      style={scrolling ? { maxHeight: VIEW_HEIGHT } : undefined}
      onScroll={scrolling ? onScroll : undefined}
      // A scrolling region must be reachable by the keyboard (arrows scroll it).
      tabIndex={scrolling ? 0 : undefined}
      role={scrolling ? 'region' : undefined}
      aria-label={scrolling ? 'Classement complet, défilant' : undefined}
    >
      <table className="ranking-table" aria-labelledby="ranking-title" aria-rowcount={count + 1}>
        <thead>
          <tr aria-rowindex={1}>
            {columns.map((c) => {
              const sorted = sort?.key === c.key ? sort.order : null;
              return (
                <th
                  key={c.key}
                  scope="col"
                  className={c.key === 'name' ? undefined : 'num'}
                  aria-sort={sorted ? ARIA_SORT[sorted] : 'none'}
                >
                  <button type="button" className="ranking-sort" onClick={() => onSort(c.key)}>
                    {c.label}
                    <i
                      className={`pi ${sorted === 1 ? 'pi-sort-amount-up-alt' : sorted === -1 ? 'pi-sort-amount-down' : 'pi-sort-alt'}`}
                      aria-hidden="true"
                    />
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {first > 0 && <tr aria-hidden="true" style={{ height: first * ROW_HEIGHT }} />}
          {rows.map((r, j) => (
            // The row is the click target; its name is a button, so the keyboard selects it too (its click
            // reaches the row).
            <tr
              key={r.productId}
              className="ranking-row"
              aria-rowindex={first + j + 2}
              onClick={() => onSelect(r.productId)}
            >
              <td>
                <button type="button" className="ranking-name" title={r.name}>
                  {r.name}
                </button>
              </td>
              <td className="num">{formatNumber(r.consultations)}</td>
              <td className="num">{formatNumber(r.interactions)}</td>
              <td className="num">{formatNumber(r.arTries)}</td>
              <td className="num">{formatNumber(r.conversions)}</td>
              <td className="num">{`${r.conversionRate} %`}</td>
              {comparing && (
                <td className="num">
                  <span className={r.change === null || r.change === 0 ? '' : r.change > 0 ? 'up' : 'down'}>
                    {r.changeText}
                  </span>
                </td>
              )}
            </tr>
          ))}
          {last < count && <tr aria-hidden="true" style={{ height: (count - last) * ROW_HEIGHT }} />}
          {count === 0 && (
            <tr>
              <td colSpan={columns.length}>Aucun produit</td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
