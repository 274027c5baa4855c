// The translation keys the recommendations view uses (drawer, page and ITC form): its own, the
// event detail's (header, charts, ticket cards), the event editor's field labels and errors.
export const RECOMMENDATIONS_I18N = ['campaigns', 'event', 'eventEdit', 'simulation.form', 'common', 'toasts', 'placeholder.comingSoon'] as const;
