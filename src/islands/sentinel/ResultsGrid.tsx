// spec 3 §2 results grid (@tanstack/react-table v9): a selection column, resizable columns, rows of
// 46 px under a 56 px header (114 px with the aggregates bar of events and transactions, whose
// values are the sum or the average over the whole answer), at most 13 rows before it scrolls.
// A customer row (not its selection cell) opens the customer detail.
import { useMemo, useState, type KeyboardEvent, type MouseEvent } from 'react';
import {
  columnResizingFeature,
  columnSizingFeature,
  createColumnHelper,
  functionalUpdate,
  rowSelectionFeature,
  tableFeatures,
  useTable,
  type RowSelectionState,
  type Updater,
} from '@tanstack/react-table';
import type { DataFromIdsResponse, ResultType } from '../../lib/contracts/nlq';
import { useTranslation } from '../../lib/i18n/react';
import type { ColumnSpec } from '../../lib/sentinel/columns';
import { cellText, columnsFor, hasAggregates, isNumeric, measureText, shownMeasures, type ResultRow } from './model/columns';
import { nextSelection } from './model/selection';
import styles from './ResultsGrid.module.css';

const features = tableFeatures({
  rowSelectionFeature,
  columnSizingFeature,
  columnResizingFeature,
});
const isNumericKey = (byKey: Map<string, ColumnSpec>, key: string) => {
  const c = byKey.get(key);
  return c ? isNumeric(c) : false;
};
const helper = createColumnHelper<typeof features, ResultRow>();
const SELECT = '__select';

export interface ResultsGridProps {
  type: ResultType;
  rows: ResultRow[];
  aggregations: DataFromIdsResponse['aggregations'];
  /** The partner's currency (money in the aggregates bar). */
  currency?: string;
  prisma: boolean;
  selection: RowSelectionState;
  /** The ids of the whole answer: a select-all selects all of them (spec 3 §4 Selection). */
  allIds: readonly string[];
  onSelection: (next: RowSelectionState) => void;
  onOpenRow?: (id: string) => void;
}

export function ResultsGrid({ type, rows, aggregations, currency, prisma, selection, allIds, onSelection, onOpenRow }: ResultsGridProps) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const [mode, setMode] = useState<'sum' | 'average'>('sum');
  const resultColumns = useMemo(() => columnsFor(type, prisma), [type, prisma]);
  const withAggregates = hasAggregates(type);

  const columns = useMemo(
    () =>
      helper.columns([
        helper.display({
          id: SELECT,
          size: 44,
          minSize: 44,
          maxSize: 44,
          enableResizing: false,
          header: () => null,
          cell: () => null,
        }),
        ...resultColumns.map((c) =>
          helper.accessor((row) => cellText(c, row, lng, t), {
            id: c.key,
            size: c.width,
            minSize: 60,
            maxSize: 800,
            header: () => t(`sentinel.columns.${c.key}`),
          }),
        ),
      ]),
    [resultColumns, lng, t],
  );

  const pageIds = useMemo(() => rows.map((r) => r.id), [rows]);
  const onRowSelectionChange = (updater: Updater<RowSelectionState>) =>
    onSelection(nextSelection(selection, functionalUpdate(updater, selection), pageIds, allIds));

  const table = useTable({
    features,
    columns,
    data: rows,
    getRowId: (row) => row.id,
    enableRowSelection: true,
    columnResizeMode: 'onChange',
    state: { rowSelection: selection },
    onRowSelectionChange,
  });

  const selectedCount = Object.values(selection).filter(Boolean).length;
  const allSelected = allIds.length > 0 && selectedCount >= allIds.length && allIds.every((id) => selection[id]);
  const someSelected = selectedCount > 0 && !allSelected;
  const toggleAll = () => onSelection(allSelected ? {} : Object.fromEntries(allIds.map((id) => [id, true] as const)));

  const open = (id: string) => onOpenRow?.(id);
  const onRowClick = (id: string, e: MouseEvent<HTMLTableRowElement>) => {
    if ((e.target as HTMLElement).closest('[data-select-cell]')) return;
    open(id);
  };
  const onRowKey = (id: string, e: KeyboardEvent<HTMLTableRowElement>) => {
    if (e.target !== e.currentTarget) return;
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      open(id);
    }
  };

  if (rows.length === 0) return null;
  const headerGroup = table.getHeaderGroups()[0]!;
  const byKey = new Map<string, ColumnSpec>(resultColumns.map((c) => [c.key, c]));
  const sizes = Object.fromEntries(headerGroup.headers.map((h) => [`--col-${h.id}`, `${h.getSize()}px`]));

  return (
    <div className={withAggregates ? `${styles.scroll} ${styles.withAggregates}` : styles.scroll} data-testid="sentinel-grid">
      <table className={styles.table} aria-label={t('sentinel.grid.label')} aria-rowcount={allIds.length + 1} style={{ ...sizes, width: table.getTotalSize() }}>
        <colgroup>
          {headerGroup.headers.map((h) => (
            <col key={h.id} style={{ width: `var(--col-${h.id})` }} />
          ))}
        </colgroup>
        <thead>
          <tr className={styles.headRow}>
            {headerGroup.headers.map((h) =>
              h.id === SELECT ? (
                <th key={h.id} className={styles.selectCell} scope="col">
                  <input
                    type="checkbox"
                    aria-label={t('sentinel.grid.selectAll')}
                    checked={allSelected}
                    ref={(el) => {
                      if (el) el.indeterminate = someSelected;
                    }}
                    onChange={toggleAll}
                    data-testid="sentinel-select-all"
                  />
                </th>
              ) : (
                <th key={h.id} scope="col" className={isNumericKey(byKey, h.id) ? styles.numeric : undefined}>
                  <span className={styles.headLabel}>
                    <table.FlexRender header={h} />
                  </span>
                  <span
                    role="separator"
                    aria-orientation="vertical"
                    aria-label={t('sentinel.grid.resize', {
                      column: t(`sentinel.columns.${h.id}`),
                    })}
                    className={h.column.getIsResizing() ? `${styles.resizer} ${styles.resizing}` : styles.resizer}
                    onMouseDown={h.getResizeHandler()}
                    onTouchStart={h.getResizeHandler()}
                    onDoubleClick={() => h.column.resetSize()}
                  />
                </th>
              ),
            )}
          </tr>
          {withAggregates && (
            <tr className={styles.aggRow} data-testid="sentinel-aggregates">
              <th colSpan={headerGroup.headers.length} scope="row">
                {/* One sticky strip rather than values under their columns: the measures (revenue,
                    tickets sold…) are not all grid columns, and the strip stays in view while the
                    wide table scrolls sideways. */}
                <div className={styles.aggStrip}>
                  <div className={styles.aggToggle} role="group" aria-label={t('sentinel.grid.aggregates')}>
                    {(['sum', 'average'] as const).map((m) => (
                      <button
                        key={m}
                        type="button"
                        aria-pressed={mode === m}
                        className={mode === m ? styles.aggOn : undefined}
                        onClick={() => setMode(m)}
                        data-testid={`sentinel-agg-${m}`}
                      >
                        {t(`sentinel.grid.${m}`)}
                      </button>
                    ))}
                  </div>
                  <dl className={styles.aggValues}>
                    {shownMeasures(type, mode, prisma).map(([key, spec]) => (
                      <div key={key} className={styles.aggItem} data-measure={key}>
                        <dt>{t(`sentinel.aggregates.${key}`)}</dt>
                        <dd>{measureText(spec, aggregations[key]?.[mode], mode, lng, currency)}</dd>
                      </div>
                    ))}
                  </dl>
                </div>
              </th>
            </tr>
          )}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => {
            const selected = row.getIsSelected();
            return (
              <tr
                key={row.id}
                className={onOpenRow ? `${styles.row} ${styles.clickable}` : styles.row}
                aria-selected={selected}
                tabIndex={onOpenRow ? 0 : undefined}
                onClick={onOpenRow ? (e) => onRowClick(row.id, e) : undefined}
                onKeyDown={onOpenRow ? (e) => onRowKey(row.id, e) : undefined}
                data-testid="sentinel-row"
              >
                {row.getAllCells().map((cell) =>
                  cell.column.id === SELECT ? (
                    <td key={cell.id} className={styles.selectCell} data-select-cell>
                      <input
                        type="checkbox"
                        aria-label={t('sentinel.grid.selectRow', {
                          id: row.id,
                        })}
                        checked={selected}
                        onChange={row.getToggleSelectedHandler()}
                      />
                    </td>
                  ) : (
                    <td key={cell.id} className={isNumericKey(byKey, cell.column.id) ? styles.numeric : undefined} title={String(cell.getValue() ?? '')}>
                      {String(cell.getValue() ?? '')}
                    </td>
                  ),
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
