import { Component, type ReactNode } from 'react';
import styles from './Screen.module.css';
import { ScreenTitle } from './ScreenTitle.tsx';

/** What a customer reads when a screen's code did not load, or the screen failed while drawing. */
export const SCREEN_FAILED = 'This page could not be loaded. Please check your internet connection and try again.';

export interface ScreenErrorBoundaryProps {
  /** The screen's title: the page keeps its heading when the screen fails. */
  title: string;
  /** Loads the screen's code afresh (at a new address, or by a reload of the page) and draws it again. */
  onRetry: () => void;
  children: ReactNode;
}

/**
 * Around one lazy screen: a chunk that fails to load (or a screen that throws) shows a message and
 * Retry in place of the screen, while the frame and the sidebar keep working.
 */
export class ScreenErrorBoundary extends Component<ScreenErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    // The error's kind and text only: a screen's code holds no customer data in its messages.
    console.warn('dashboard screen failed', error instanceof Error ? error.message : error);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <>
        <ScreenTitle>{this.props.title}</ScreenTitle>
        <div className={styles.panel}>
          <p role="alert">{SCREEN_FAILED}</p>
          <button type="button" className="button" onClick={this.props.onRetry}>
            Retry
          </button>
        </div>
      </>
    );
  }
}
