import { type ReactNode, useEffect, useRef } from 'react';
import { $location } from '../navigation/router.ts';
import { $screenHeading } from '../navigation/screenHeading.ts';
import styles from './Screen.module.css';

/**
 * A screen's heading. After a move inside the page it takes the focus, so keyboard and screen
 * reader users start at the new screen, as they would after a page load; the tab's title follows its words.
 */
export function ScreenTitle({ children }: { children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if ($location.get().cause !== 'load') heading.current?.focus();
    return () => $screenHeading.set(null);
  }, []);
  // The tab's title says what the heading says (Dashboard.tsx), whatever the screen put in it.
  useEffect(() => {
    $screenHeading.set(heading.current?.textContent?.trim() || null);
  });
  return (
    <h1 ref={heading} tabIndex={-1} className={styles.title}>
      {children}
    </h1>
  );
}
