import { cn } from "../../lib/cn.ts";

/**
 * The header row of the dashboard's tables; `numeric` columns align right. `dense` for a table of
 * many short rows (figures by day) whose cells are tighter too.
 */
export function TableHead({
  columns,
  sticky = false,
  dense = false,
}: {
  columns: { label: string; numeric?: boolean }[];
  sticky?: boolean;
  dense?: boolean;
}) {
  return (
    <thead
      className={cn(
        "bg-canvas text-xs tracking-wide text-subtle uppercase",
        sticky && "sticky top-0",
      )}
    >
      <tr>
        {columns.map((column) => (
          <th
            key={column.label}
            scope="col"
            className={cn(dense ? "px-3 py-2" : "px-4 py-3", column.numeric && "text-right")}
          >
            {column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
