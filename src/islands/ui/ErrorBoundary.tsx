// spec 1 §2.3: a section that fails shows common.genericError with a retry button. Retry
// re-mounts the children (a new key), so their effects and data loading start over.
import { Component, Fragment, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n/react';
import { Button } from './Button';
import { Icon } from './Icon';
import styles from './ErrorBoundary.module.css';

function ErrorFallback({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.fallback} role="alert">
      <Icon name="alert" size={22} className={styles.icon} />
      <p>{t('common.genericError')}</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </div>
  );
}

interface Props {
  children: ReactNode;
  /** Called after the user asked to retry, before the children re-mount. */
  onRetry?: () => void;
}

interface State {
  error: Error | null;
  attempt: number;
}

export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null, attempt: 0 };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Section failed', error, info.componentStack);
  }

  retry = (): void => {
    this.props.onRetry?.();
    this.setState((s) => ({ error: null, attempt: s.attempt + 1 }));
  };

  render() {
    if (this.state.error) return <ErrorFallback onRetry={this.retry} />;
    return <Fragment key={this.state.attempt}>{this.props.children}</Fragment>;
  }
}
