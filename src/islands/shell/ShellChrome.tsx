// The signed-in chrome around every module page (spec 1 §2.3): desktop sidebar and mobile top bar
// with its menu sheet, the upload modal, and the session duties of the browser. One island, so
// the translations and session reach the page once.
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { I18nIsland } from '../../lib/i18n/react';
import { $sidebarCollapsed } from '../../stores/sidebar';
import { MobileBar } from './MobileBar';
import { Sidebar } from './Sidebar';
import { UploadDialog } from './UploadDialog';
import type { ShellChromeProps } from './types';
import { useSessionKeeper } from './useSessionKeeper';
import { useMounted, useSeedStores, useUnauthorisedRedirect, useUnreadPolling } from './useShellEffects';

function Chrome(props: ShellChromeProps) {
  useSeedStores(props.session, props.unread);
  useUnauthorisedRedirect();
  useSessionKeeper();
  useUnreadPolling(props.partner !== null);
  const storedCollapsed = useStore($sidebarCollapsed);
  // The server cannot know the stored choice: render expanded, then apply it after hydration.
  const collapsed = useMounted() && storedCollapsed;
  const [uploadOpen, setUploadOpen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);

  return (
    <>
      <Sidebar {...props} collapsed={collapsed} onToggle={() => $sidebarCollapsed.set(!collapsed)} onOpenUpload={() => setUploadOpen(true)} />
      <MobileBar {...props} menuOpen={menuOpen} onMenuOpenChange={setMenuOpen} onOpenUpload={() => setUploadOpen(true)} />
      <UploadDialog open={uploadOpen} onOpenChange={setUploadOpen} />
    </>
  );
}

export default function ShellChrome(props: ShellChromeProps) {
  return (
    <I18nIsland i18n={props.i18n}>
      <Chrome {...props} />
    </I18nIsland>
  );
}
