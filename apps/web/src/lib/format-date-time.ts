const dateTime = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

/** A stored UTC time in the viewer's own time zone: "Mar 2, 2026, 9:00 AM". */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
