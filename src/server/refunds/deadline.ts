/** The refunds queue's order (issue 23): the refunds past their due date (store.ts, refundDueOn) first. */
/** Overdue ones first, the rest in the order given (the queue's oldest or newest first). */
export function overdueFirst<T extends { overdue: boolean }>(rows: readonly T[]): T[] {
  return [...rows.filter((row) => row.overdue), ...rows.filter((row) => !row.overdue)];
}
