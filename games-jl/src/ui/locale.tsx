import { createContext, useContext } from 'react';

/** The BCP 47 tag numbers and dates are formatted with. */
export const LocaleContext = createContext('en');
export const useLocale = () => useContext(LocaleContext);
