// The in-dialog confirmation of the geo dialogs (spec 2 §4: prompts before unsaved, unmatched,
// deleted or cleared locations are lost). Inline rather than a second modal: a dialog stacked on
// a dialog traps focus twice and reads poorly on a phone.
import { useEffect, useRef } from 'react';
import { Button } from '../../../ui/Button';
import { Icon } from '../../../ui/Icon';
import styles from './Dialogs.module.css';

export function ConfirmBar({
  message,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
}: {
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => cancel.current?.focus(), []);
  return (
    <div className={styles.confirm} role="alertdialog" aria-label={message}>
      <p>
        <Icon name="alert" size={18} />
        {message}
      </p>
      <div className={styles.confirmButtons}>
        <Button ref={cancel} variant="secondary" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button variant="danger" onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </div>
  );
}
