/** Local-storage flags of analytics (stored session flags): who was identified, and that it ran. */
export const LAST_IDENTIFIED_USER_KEY = 'lastIdentifiedUserId';
export const ANALYTICS_INITIALISED_KEY = 'analyticsInitialized';
