import type { ReactNode } from 'react';

/** Label and value rows of a facts table (loan details, dues, the application, the Key Fact Statement). */
export function FactRows({ rows }: { rows: readonly (readonly [string, ReactNode])[] }) {
  return (
    <>
      {rows.map(([label, value]) => (
        <tr key={label}>
          <th scope="row">{label}</th>
          <td>{value}</td>
        </tr>
      ))}
    </>
  );
}
