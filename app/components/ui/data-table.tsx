import { Fragment, type ReactNode } from "react";
import { cn } from "../../lib/cn.ts";
import { TableHead } from "./table-head.tsx";
import { cardVariants } from "./card.tsx";

export interface DataColumn<Row> {
  label: string;
  cell: (row: Row) => ReactNode;
  numeric?: boolean;
  /** False for a column the card's title already shows. */
  inCard?: boolean;
}

/**
 * A dashboard table from `md` up. Below it, where the columns would scroll sideways or crowd
 * each other, each row is a card: a title, then the other columns as a definition list whose
 * values wrap. A value with no spaces to break at (an e-mail) wraps anywhere inside its cell.
 */
export function DataTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  cardTitle,
  tableClassName,
}: {
  /** Names the card list; the table is named by its column headers. */
  label: string;
  columns: DataColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  cardTitle: (row: Row) => ReactNode;
  /** For a long table: a height limit on its scroller (the header row is sticky). */
  tableClassName?: string;
}) {
  const cardColumns = columns.filter((column) => column.inCard !== false);
  return (
    <div className={cn(cardVariants({ elevated: false }), "overflow-hidden")}>
      <ul aria-label={label} className="divide-y divide-line-soft md:hidden">
        {rows.map((row) => (
          <li key={rowKey(row)} className="p-4">
            <div className="min-w-0 font-medium wrap-break-word text-ink">{cardTitle(row)}</div>
            <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
              {cardColumns.map((column) => (
                <Fragment key={column.label}>
                  <dt className="text-subtle">{column.label}</dt>
                  <dd className="min-w-0 wrap-break-word text-ink-soft">{column.cell(row)}</dd>
                </Fragment>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      <div className={cn("hidden overflow-x-auto md:block", tableClassName)}>
        <table className="w-full text-left text-sm">
          <TableHead sticky={tableClassName !== undefined} columns={columns} />
          <tbody className="divide-y divide-line-soft">
            {rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column) => (
                  <td
                    key={column.label}
                    className={cn(
                      "px-4 py-3 wrap-break-word text-secondary",
                      column.numeric && "text-right tabular-nums",
                    )}
                  >
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
