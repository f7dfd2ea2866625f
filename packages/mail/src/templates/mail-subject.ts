import { createContext, useContext } from 'react';

/** The subject of the mail being rendered, which the layout repeats as the document's title. */
export const MailSubject = createContext('');

export const useMailSubject = () => useContext(MailSubject);
