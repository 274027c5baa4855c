// /campaigns (spec 1 §2.9 in its campaigns variant, spec 2 §2 Routes): the events list with its
// filters and search, campaign badges and no trend indicator; a row opens the recommendations
// drawer above 991 px and /campaigns/{eventId} at 991 px and below, where drawer links redirect.
import { lazy, Suspense } from 'react';
import type { IslandI18n } from '../../lib/i18n/namespaces';
import { I18nIsland, useTranslation } from '../../lib/i18n/react';
import { ListScreen, type ListVariant } from '../events/list/EventsScreen';
import { EventDrawer } from '../events/list/EventDrawer';
import type { EventsScreenProps } from '../events/list/types';
import { campaignsMobileRoute, isCampaignsNarrow, recommendationsPath } from './navigation';
import { Skeleton } from '../events/detail/Section';

// The recommendations (charts, forms) load with the drawer's first opening, not with the list.
const Recommendations = lazy(() => import('./Recommendations'));

export interface CampaignsScreenProps extends EventsScreenProps {
  /** Translations of the recommendations view. */
  recommendationsI18n: IslandI18n;
  lookout: boolean;
}

function Screen({ recommendationsI18n, lookout, ...props }: Omit<CampaignsScreenProps, 'i18n'>) {
  const { t } = useTranslation();
  const variant: ListVariant = {
    path: '/campaigns',
    rowHref: recommendationsPath,
    mobileRoute: campaignsMobileRoute,
    isNarrow: isCampaignsNarrow,
    rowOpensDrawer: (width) => !isCampaignsNarrow(width),
    showActions: false,
    drawer: ({ eventId, onClose }) => (
      <EventDrawer
        eventId={eventId}
        title={t('campaigns.drawerTitle')}
        detailI18n={props.detailI18n}
        canSales={props.canSales}
        canSimulation={props.canSimulation}
        canCampaigns={props.canCampaigns}
        onClose={onClose}
        content={(id) => (
          <Suspense fallback={<Skeleton lines={4} />}>
            <Recommendations
              eventId={id}
              variant="drawer"
              i18n={recommendationsI18n}
              canSetup={props.canCampaigns}
              canEdit={props.canSimulation}
              lookout={lookout}
              currency={props.currency}
            />
          </Suspense>
        )}
      />
    ),
  };
  return <ListScreen {...props} variant={variant} />;
}

export default function CampaignsScreen({ i18n, ...props }: CampaignsScreenProps) {
  return (
    <I18nIsland i18n={i18n}>
      <Screen {...props} />
    </I18nIsland>
  );
}
