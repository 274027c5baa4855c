// /fileUpload (spec 1 §2.7): the uploader on a page of its own.
import type { IslandI18n } from '../../lib/i18n/namespaces';
import { I18nIsland } from '../../lib/i18n/react';
import { FileUploader } from './FileUploader';

export default function FileUploadPage({ i18n }: { i18n: IslandI18n }) {
  return (
    <I18nIsland i18n={i18n}>
      <FileUploader />
    </I18nIsland>
  );
}
