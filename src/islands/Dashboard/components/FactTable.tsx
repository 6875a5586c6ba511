import type { ReactNode } from 'react';
import tables from './Table.module.css';

/** A row: its label, and its value (text, or text with emphasis). */
export type Fact = readonly [label: string, value: ReactNode];

export interface FactTableProps {
  /** What the table holds, for screen readers; shown only with `captionClassName`. */
  caption: string;
  rows: readonly Fact[];
  /** The Key Fact Statement's own look; the dashboard's table otherwise. */
  className?: string | undefined;
  captionClassName?: string | undefined;
}

/**
 * Label and value rows as a table (a row header per label, so a screen reader names each value);
 * below 480 px the table's CSS stacks each label above its value.
 */
export function FactTable({
  caption,
  rows,
  className = tables.table,
  captionClassName = 'visually-hidden',
}: FactTableProps) {
  return (
    <table className={className}>
      <caption className={captionClassName}>{caption}</caption>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
