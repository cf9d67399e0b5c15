/** The generic icons, for a link whose host names no known brand (drawn in ./brand-icons.ts). */
export const GENERIC_ICONS = ['link', 'mail', 'phone'] as const
