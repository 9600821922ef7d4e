// 16×16 line drawings: the table part a button acts on, and a plus, a cross or lines for what it does.
const PATHS = {
  rowAbove: 'M2 8.5h12v5.5H2zM8 1.5v5M5.5 4h5',
  rowBelow: 'M2 2h12v5.5H2zM8 9.5v5M5.5 12h5',
  deleteRow: 'M2 5h12v6H2zM6.5 6.5l3 3M9.5 6.5l-3 3',
  columnLeft: 'M8.5 2H14v12H8.5zM1.5 8h5M4 5.5v5',
  columnRight: 'M2 2h5.5v12H2zM9.5 8h5M12 5.5v5',
  deleteColumn: 'M5 2h6v12H5zM6.5 6.5l3 3M9.5 6.5l-3 3',
  alignLeft: 'M2 3.5h12M2 8h8M2 12.5h10',
  alignCenter: 'M2 3.5h12M4 8h8M3 12.5h10',
  alignRight: 'M2 3.5h12M6 8h8M4 12.5h10',
  headerRow: 'M2 2h12v12H2zM2 6h12M2 10h12M8 6v8M2.5 4h11',
  deleteTable: 'M2.5 4h11M6 4V2.5h4V4M4 4l.8 9.5h6.4L12 4M6.8 6.5v4.5M9.2 6.5v4.5',
} as const;

/** The name of one of the table toolbar's icons. */
export type TableIconName = keyof typeof PATHS;

/** An icon of the table toolbar; the button around it carries its name. */
export function TableIcon({ name }: { name: TableIconName }) {
  return (
    <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      <path
        d={PATHS[name]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
