// How a taste-cluster (fd_targeting) ad set reaches its cluster (issue 22, "Cluster targeting
// uses the cluster's members"): a Meta custom audience of the members, or — when too few members
// can be sent — the area around the venue as before, with a note the campaign's summary shows.
// Shared by the boost (server) and the running campaign's summary (browser).

/**
 * Meta needs at least 100 matched people before a custom audience can be used in an ad set
 * (Meta Business Help Center "About customer list custom audiences"; Salesforce's Meta
 * activation guide repeats it: "Meta requires a minimum of 100 matched users in an audience
 * before you can use the audience for ad targeting"). Matching happens at Meta after the upload,
 * so the members we can send at all must reach it; fewer and the ad set would not deliver.
 */
export const MIN_CUSTOM_AUDIENCE_MEMBERS = 100;

/** What the campaign row keeps (campaigns.cluster_audience) and latest_campaign_setup shows. */
export type CampaignClusterAudience =
  /** The cluster's members as a Meta custom audience (`members`: customers sent). */
  | { kind: 'custom_audience'; audience_id: string; members: number }
  /** Too few members who can be sent: the area around the venue (`area`) or the home countries. */
  | { kind: 'too_few_members'; members: number; minimum: number; fallback: 'area' | 'countries' };

/** The i18n key of the summary's line (campaigns.wizard.summary.clusterAudience.*). */
export function clusterAudienceNoteKey(a: CampaignClusterAudience): string {
  if (a.kind === 'custom_audience') return 'campaigns.wizard.summary.clusterAudience.members';
  return a.fallback === 'area' ? 'campaigns.wizard.summary.clusterAudience.tooFewArea' : 'campaigns.wizard.summary.clusterAudience.tooFewCountries';
}
