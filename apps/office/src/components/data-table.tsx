import { type ColumnDef, FlexRender, tableFeatures, useTable } from "@tanstack/react-table";

/** The lists use TanStack Table's core alone: no sorting or paging in the browser (the server pages). */
export const listFeatures = tableFeatures({});

/**
 * A list's table (where there is room for one): a visually hidden caption, one header row, then a row
 * per item, the cell of the `rowHeader` column as the row's header (`<th scope="row">`).
 */
export function DataTable<T extends { id: string }>({
  rows,
  columns,
  caption,
  className,
  rowClassName,
  rowHeader,
}: {
  rows: T[];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each column keeps its own value type, as columnHelper.columns() returns them
  columns: ColumnDef<typeof listFeatures, T, any>[];
  caption: string;
  className: string;
  /** A row's own class (its status, say). */
  rowClassName: (row: T) => string;
  /** The id of the column whose cell names the row. */
  rowHeader: string;
}) {
  const table = useTable({
    features: listFeatures,
    columns,
    data: rows,
    getRowId: (row) => row.id,
  });
  return (
    <div className="table-scroll">
      <table className={className}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col">
                  <FlexRender header={header} />
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} className={rowClassName(row.original)}>
              {row.getAllCells().map((cell) =>
                cell.column.id === rowHeader ? (
                  <th key={cell.id} scope="row">
                    <FlexRender cell={cell} />
                  </th>
                ) : (
                  <td key={cell.id}>
                    <FlexRender cell={cell} />
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
