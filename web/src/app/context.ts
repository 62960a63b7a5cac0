import { createContext, useContext } from 'react';
import type { Session } from './session';
import type { Face } from './face';

export interface AppContextValue {
  session: Session;
  face: Face;
  contactEmail: string;
}

export const AppContext = createContext<AppContextValue | null>(null);

export function useAppContext(): AppContextValue {
  const value = useContext(AppContext);
  if (!value) throw new Error('useAppContext outside the app');
  return value;
}
