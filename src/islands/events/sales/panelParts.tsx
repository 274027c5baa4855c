// What the two sales forms share with the panel that frames them.
import type { ReactNode } from 'react';
import type { EventItem } from '../../../lib/contracts/events';
import styles from './SalesPanel.module.css';

export interface PanelFormProps {
  event: EventItem;
  onCancel: () => void;
  onSaved: () => void;
  /** Whether leaving now would lose input (Cancel then asks). */
  onDirtyChange: (dirty: boolean) => void;
}

export function PanelFooter({ children }: { children: ReactNode }) {
  return <div className={styles.footer}>{children}</div>;
}
