// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Input, Textarea } from '~/ui/field';
import { choiceToggled, numberTyped, useDraft } from './use-draft';

afterEach(cleanup);

interface Draft {
  title: string;
  price: string;
  tags: string[];
}

/** A draft with two texts, the server having refused the price under its own name (`priceCents`). */
function DraftForm({ onDraft }: { onDraft: (draft: Draft) => void }) {
  const refusals: Record<string, string> = { priceCents: 'Too cheap' };
  const { draft, textField } = useDraft<Draft>(
    { title: 'Old', price: '', tags: [] },
    (field) => refusals[field],
  );
  onDraft(draft);
  return (
    <form noValidate>
      <Input label="Title" {...textField('title')} />
      <Textarea label="Price" {...textField('price', 'priceCents')} />
    </form>
  );
}

describe('useDraft', () => {
  it('ties a text field to its value, its edits and the refusal named by the server', () => {
    let latest: Draft | null = null;
    render(<DraftForm onDraft={(draft) => (latest = draft)} />);
    const title = screen.getByLabelText('Title');
    expect(title).toHaveProperty('value', 'Old');
    fireEvent.change(title, { target: { value: 'New' } });
    expect(latest).toEqual({ title: 'New', price: '', tags: [] });
    expect(screen.getByLabelText('Price').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Too cheap');
    expect(title.getAttribute('aria-invalid')).toBeNull();
  });
});

describe('numberTyped', () => {
  it('reads empty as null, a decimal comma as a point, and anything else as NaN', () => {
    expect(numberTyped('  ')).toBeNull();
    expect(numberTyped(' 12,5 ')).toBe(12.5);
    expect(numberTyped('3')).toBe(3);
    expect(numberTyped('a lot')).toBeNaN();
  });
});

describe('choiceToggled', () => {
  it('adds or removes one choice and keeps the order of all choices', () => {
    const all = ['wifi', 'screen', 'coffee'] as const;
    expect(choiceToggled(all, ['coffee'], 'wifi', true)).toEqual(['wifi', 'coffee']);
    expect(choiceToggled(all, ['wifi', 'coffee'], 'wifi', false)).toEqual(['coffee']);
    expect(choiceToggled(all, ['screen'], 'screen', true)).toEqual(['screen']);
  });
});
