import styles from './Screen.module.css';

/** While the profile loads: a polite status; when it failed: the message and Try again. */
export function ProfileState({ loading, error, retry }: { loading: boolean; error: string | null; retry: () => void }) {
  if (error) {
    return (
      <div className={styles.panel}>
        <p role="alert">{error}</p>
        <button type="button" className="button button--ghost" onClick={retry}>
          Try again
        </button>
      </div>
    );
  }
  return (
    <p className={styles.status} role="status">
      {loading ? 'Loading your details…' : ''}
    </p>
  );
}
