import styles from '../Staff.module.css';

export type QueueOrder = 'oldest' | 'newest';

/** A work queue's order (by age) and Refresh, as every queue screen has them. */
export function QueueControls({
  id,
  order,
  onOrder,
  onRefresh,
}: {
  id: string;
  order: QueueOrder;
  onOrder: (order: QueueOrder) => void;
  onRefresh: () => void;
}) {
  return (
    <div className={styles.actions}>
      <div className={styles.field}>
        <label htmlFor={id}>Order</label>
        <select
          id={id}
          className={styles.input}
          value={order}
          onChange={(event) => onOrder(event.target.value as QueueOrder)}
        >
          <option value="oldest">Oldest first</option>
          <option value="newest">Newest first</option>
        </select>
      </div>
      <button type="button" className="button button--ghost" onClick={onRefresh}>
        Refresh
      </button>
    </div>
  );
}
