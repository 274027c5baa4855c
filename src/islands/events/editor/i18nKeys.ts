/** The translation prefixes the event editor island needs. */
export const EVENT_EDITOR_I18N = ['simulation', 'eventEdit', 'common'] as const;
