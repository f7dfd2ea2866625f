import { BULK_INVITATIONS } from '@hackclass/contracts';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { renderInApp } from '../../../../../test/render-in-app';
import { AddressListInput } from './address-list-input';

function ListField() {
  const [text, setText] = useState('');
  return <AddressListInput value={text} onChange={setText} />;
}

describe('AddressListInput', () => {
  it('reads a chosen file, refuses one too large, and forgets both once the list is edited', async () => {
    const screen = await renderInApp(<ListField />);
    const field = screen.getByLabelText('Email addresses');
    const input = screen.container.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('No file input');
    const chooser = page.elementLocator(input);
    await expect.element(screen.getByText('.csv or .txt, up to 1.0 MB')).toBeVisible();

    const tooLarge = 'a'.repeat(BULK_INVITATIONS.maxFileBytes + 1);
    await chooser.upload(new File([tooLarge], 'huge.csv', { type: 'text/csv' }));
    await expect.element(screen.getByText('huge.csv is larger than 1.0 MB')).toBeVisible();
    await userEvent.type(field, 'x');
    expect(screen.getByText('huge.csv is larger than 1.0 MB').query()).toBeNull();

    await chooser.upload(new File(['ada@example.org'], 'class.csv', { type: 'text/csv' }));
    await expect.element(screen.getByText('Read from class.csv')).toBeVisible();
    await expect.element(field).toHaveValue('ada@example.org');
    // Emptied, so that the same file chosen again is read again.
    expect(input.value).toBe('');

    await userEvent.type(field, '\nalan@example.org');
    expect(screen.getByText('Read from class.csv').query()).toBeNull();
    await expect.element(screen.getByText('.csv or .txt, up to 1.0 MB')).toBeVisible();
  });
});
