const ptBRLong = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long' });
const enUS = new Intl.DateTimeFormat('en-US');

/** "21 de novembro de 2026": the public review cards. */
export const formatReviewDate = (iso: string) => ptBRLong.format(new Date(iso));

/** "11/21/2026": the admin panel. */
export const formatAdminDate = (iso: string) => enUS.format(new Date(iso));

const enUSDateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** "Nov 21, 2026, 7:30 PM": when an inquiry arrived. */
export const formatAdminDateTime = (iso: string) => enUSDateTime.format(new Date(iso));
