import type { ReactNode } from 'react';

/**
 * What a space's settings form takes where it stands: in the back office, saved with a toast; in the new
 * space's steps (/start), with the step's own button label, `onSaved` moving on and the step's `footer`.
 */
export interface SettingsFormProps<Initial> {
  spaceId: string;
  initial: Initial;
  submitLabel?: string;
  onSaved?: () => void;
  footer?: ReactNode;
}
