// The sidebar's file-upload item opens this modal (spec 1 §2.7) with the same uploader as the
// page. The uploader is loaded when the modal first opens, so it never weighs on the shell.
import { lazy, Suspense } from 'react';
import { useTranslation } from '../../lib/i18n/react';
import { Modal } from '../ui/Modal';
import styles from './UploadDialog.module.css';

const FileUploader = lazy(() => import('../uploads/FileUploader').then((m) => ({ default: m.FileUploader })));

export function UploadDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('uploadModal.title')} description={t('uploadModal.description')} closeLabel={t('uploadModal.close')}>
      <Suspense fallback={<p className={styles.loading}>{t('uploadModal.loading')}</p>}>
        <FileUploader />
      </Suspense>
    </Modal>
  );
}
