/**
 * Who runs the site. Used by the locale texts (as i18next default variables), the footer and,
 * later, invoices. One place, so a rename or a new address is one change.
 */
export const BRAND = {
  name: 'CricSpot',
  company: 'CricSpot Gaming Private Limited',
  supportEmail: 'support@cricspot.in',
  grievanceEmail: 'grievance@cricspot.in',
  city: 'Bengaluru, Karnataka',
} as const;

export const TAGLINE_MAX_TICKETS = 75;
