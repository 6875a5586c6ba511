import { useId } from 'react';
import styles from './Cards.module.css';

/** A determinate progress bar with its figure in words (a native <progress>: no inline styles). */
export function ProgressBar({ label, percent }: { label: string; percent: number }) {
  const id = useId();
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div className={styles.progress}>
      <label htmlFor={id}>
        {label}: {value}%
      </label>
      <progress id={id} max={100} value={value}>
        {value}%
      </progress>
    </div>
  );
}
