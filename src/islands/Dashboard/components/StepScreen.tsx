import type { FormEventHandler, ReactNode, Ref } from 'react';
import formStyles from './Form.module.css';
import { Link } from './Link.tsx';
import styles from './Screen.module.css';
import { ScreenTitle } from './ScreenTitle.tsx';

export interface StepScreenProps {
  /** Where the Back link leads, and what it says after the arrow ("Back to your profile steps"). */
  back: { to: string; label: string };
  title: ReactNode;
  intro?: ReactNode;
  /** With it, the children are the fields of the step's form card; without, they are drawn as given. */
  onSubmit?: FormEventHandler<HTMLFormElement>;
  formRef?: Ref<HTMLFormElement>;
  children: ReactNode;
}

/** A step screen's frame: the Back link, the title, the intro and the form card, the same on every step. */
export function StepScreen({ back, title, intro, onSubmit, formRef, children }: StepScreenProps) {
  return (
    <>
      <p className={styles.backRow}>
        <Link to={back.to} className={styles.back}>
          ← {back.label}
        </Link>
      </p>
      <ScreenTitle>{title}</ScreenTitle>
      {intro && <p className={styles.intro}>{intro}</p>}
      {onSubmit ? (
        <form ref={formRef} className={`${styles.panel} ${formStyles.form}`} onSubmit={onSubmit} noValidate>
          {children}
        </form>
      ) : (
        children
      )}
    </>
  );
}
