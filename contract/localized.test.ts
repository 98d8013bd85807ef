import { describe, expect, it } from 'vitest';
import { languageOfText, localizedText } from './localized';

describe('a French/English text pair', () => {
  it('is read in the reader’s language, else in the other when theirs is blank', () => {
    expect(localizedText('en', 'Salle', 'Room')).toBe('Room');
    expect(localizedText('fr', 'Salle', 'Room')).toBe('Salle');
    expect(localizedText('en', 'Salle', '')).toBe('Salle');
    expect(localizedText('en', 'Salle', '   ')).toBe('Salle');
    expect(localizedText('en', 'Salle', null)).toBe('Salle');
    expect(localizedText('fr', '', 'Room')).toBe('Room');
    expect(localizedText('fr', '', '')).toBe('');
    expect(languageOfText('en', 'Salle', '')).toBe('fr');
    expect(languageOfText('en', '', '')).toBe('en');
    expect(languageOfText('fr', null, 'Room')).toBe('en');
  });
});
