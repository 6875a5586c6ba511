import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { $alerts, type Alert, closeAlert } from '../state/alerts.ts';
import styles from './Alerts.module.css';

/** The alerts of one place. Errors are announced at once (role=alert), successes politely (role=status). */
export function Alerts({ place = 'global' }: { place?: string }) {
  const alerts = useStore($alerts).filter((alert) => alert.place === place);
  return (
    <div className={styles.alerts}>
      {alerts.map((alert) => (
        <AlertItem key={alert.id} alert={alert} />
      ))}
    </div>
  );
}

function AlertItem({ alert }: { alert: Alert }) {
  const box = useRef<HTMLDivElement>(null);
  const [held, setHeld] = useState(false);

  // The time-out does not run while the pointer or the focus is on the alert, so it can be read.
  useEffect(() => {
    if (held || alert.timeout === null) return;
    const timer = setTimeout(() => closeAlert(alert.id), alert.timeout);
    return () => clearTimeout(timer);
  }, [held, alert.id, alert.timeout]);

  useEffect(() => {
    const node = box.current;
    if (!node) return;
    const hold = () => setHeld(true);
    const release = (event: Event) => {
      if (event.type === 'focusout' && node.contains((event as FocusEvent).relatedTarget as Node | null)) return;
      setHeld(node.matches(':hover') || node.contains(document.activeElement));
    };
    const events: [string, EventListener][] = [
      ['mouseenter', hold],
      ['focusin', hold],
      ['mouseleave', release],
      ['focusout', release],
    ];
    for (const [type, listener] of events) node.addEventListener(type, listener);
    return () => {
      for (const [type, listener] of events) node.removeEventListener(type, listener);
    };
  }, []);

  return (
    <div ref={box} className={`${styles.alert} ${alert.type === 'error' ? styles.error : styles.success}`}>
      <p className={styles.text} role={alert.type === 'error' ? 'alert' : 'status'}>
        {alert.msg}
      </p>
      <button type="button" className={styles.close} aria-label="Close message" onClick={() => closeAlert(alert.id)}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
