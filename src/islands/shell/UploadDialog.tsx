// The sidebar's file-upload item opens this modal (spec 1 §2.7). The drop zone itself arrives
// with the upload module; until then the modal points to the file upload page.
import { useTranslation } from '../../lib/i18n/react';
import { Modal } from '../ui/Modal';
import { Button, ButtonLink } from '../ui/Button';
import { Icon } from '../ui/Icon';
import styles from './UploadDialog.module.css';

export function UploadDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('uploadModal.title')} description={t('uploadModal.description')} closeLabel={t('uploadModal.close')}>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          {t('uploadModal.close')}
        </Button>
        <ButtonLink href="/fileUpload" icon={<Icon name="upload" size={18} />}>
          {t('uploadModal.openPage')}
        </ButtonLink>
      </div>
    </Modal>
  );
}
