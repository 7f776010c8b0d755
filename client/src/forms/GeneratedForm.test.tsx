import { FORM_TEXT, type FormField, MSG } from '@rpm/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { GeneratedForm } from './GeneratedForm';

const FIELDS: FormField[] = [
  { key: 'age', label: 'Age', kind: 'number', required: true, options: [] },
  { key: 'lives_alone', label: 'Lives alone', kind: 'yesno', required: true, options: [] },
  { key: 'comfort', label: 'Comfort', kind: 'choice', required: false, options: ['Good', 'Poor'] },
  { key: 'notes', label: 'Notes', kind: 'text', required: false, options: [] },
];

function setup() {
  const onSubmit = vi.fn(async () => undefined);
  render(<GeneratedForm fields={FIELDS} label="Intake" onSubmit={onSubmit} />);
  return { onSubmit, form: within(screen.getByRole('form', { name: 'Intake' })), user: userEvent.setup() };
}

describe('GeneratedForm (decisions.md "Form")', () => {
  it('draws each field by its kind, the required ones marked', () => {
    const { form } = setup();
    expect(form.getByRole('textbox', { name: 'Age*' })).toBeTruthy();
    expect(form.getByRole('radiogroup', { name: 'Lives alone*' })).toBeTruthy();
    expect(form.getByRole('radio', { name: 'Yes' })).toBeTruthy();
    const comfort = form.getByRole('combobox', { name: 'Comfort' }) as HTMLSelectElement;
    expect([...comfort.options].map((o) => o.text)).toEqual(['Select', 'Good', 'Poor']);
    expect(form.getByRole('textbox', { name: 'Notes' })).toBeTruthy();
  });

  it('shows each problem under its field and sends nothing until the answers are right', async () => {
    const { form, user, onSubmit } = setup();
    await user.click(form.getByRole('button', { name: 'Submit' }));
    expect(form.getAllByText(MSG.required)).toHaveLength(2);
    await user.type(form.getByRole('textbox', { name: 'Age*' }), 'old');
    await user.click(form.getByRole('button', { name: 'Submit' }));
    expect(form.getByText(FORM_TEXT.number)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the answers typed: numbers, yes/no and choices as such, blanks left out', async () => {
    const { form, user, onSubmit } = setup();
    await user.type(form.getByRole('textbox', { name: 'Age*' }), '72');
    await user.click(form.getByRole('radio', { name: 'No' }));
    await user.selectOptions(form.getByRole('combobox', { name: 'Comfort' }), 'Poor');
    await user.click(form.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).toHaveBeenCalledWith({ age: 72, lives_alone: false, comfort: 'Poor' });
    expect(form.queryByText(MSG.required)).toBeNull();
  });
});
