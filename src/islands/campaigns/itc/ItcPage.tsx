// The /campaigns/{eventId}/itc island: the regeneration form as a page. Started (or cancelled), it
// returns to the event's recommendations: the page on narrow screens, the drawer on wide ones.
import type { EventDetails } from '../../../lib/contracts/event-form';
import type { IslandI18n } from '../../../lib/i18n/namespaces';
import { I18nIsland, useTranslation } from '../../../lib/i18n/react';
import { recommendationsHref } from '../navigation';
import { ItcForm } from './ItcForm';

/** spec 2 §4: a short pause so the success toast is read before the page changes. */
export const ITC_PAGE_RETURN_MS = 1000;

function Page({ details, canEdit, currency, first }: { details: EventDetails; canEdit: boolean; currency: string; first: boolean }) {
  const { t } = useTranslation();
  const back = () => window.location.assign(recommendationsHref(details.id, window.innerWidth));
  return (
    <>
      <div className="page-header">
        <div>
          <h1>{t(first ? 'campaigns.itc.form.titleFirst' : 'campaigns.itc.form.title')}</h1>
          <p>{t(first ? 'campaigns.itc.form.descriptionFirst' : 'campaigns.itc.form.description', { title: details.name })}</p>
        </div>
      </div>
      <ItcForm eventId={details.id} initial={details} canEdit={canEdit} currency={currency} first={first} onDone={() => setTimeout(back, ITC_PAGE_RETURN_MS)} onCancel={back} />
    </>
  );
}

export default function ItcPage({ i18n, ...props }: { i18n: IslandI18n; details: EventDetails; canEdit: boolean; currency: string; first: boolean }) {
  return (
    <I18nIsland i18n={i18n}>
      <Page {...props} />
    </I18nIsland>
  );
}
