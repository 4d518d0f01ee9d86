import { useState } from 'react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { api } from '@/lib/api-client';
import { StepUpDialog } from '@/features/security/step-up-dialog';
import { mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';

const PHONE = { id: 4, kind: 'totp', label: 'Authenticator app', name: 'My phone', created_at: '2026-03-01T10:00:00Z', last_used_at: null };
const REFUSED = {
  status: 403,
  body: { detail: 'To change the Bank Settings, confirm it is you: give your second factor again.', code: 'step_up_required', fields: {} },
};

/** A form behind the dialog: its input must survive the step-up, and its call go once more with the same key. */
function ThresholdForm() {
  const [value, setValue] = useState('');
  const [saved, setSaved] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        api
          .put('/admin/bank-settings', { four_eyes_above: Number(value) }, { headers: { 'Idempotency-Key': 'key-1' } })
          .then(() => setSaved(value))
          .catch((error: Error) => setFailed(error.message));
      }}
    >
      <label>
        Threshold
        <input value={value} onChange={(event) => setValue(event.target.value)} />
      </label>
      <button type="submit">Save</button>
      {saved && <p>Saved {saved}</p>}
      {failed && <p>Failed: {failed}</p>}
    </form>
  );
}

function settingsRoute(answers: Array<typeof REFUSED | { body: object }>) {
  let index = 0;
  return () => answers[Math.min(index++, answers.length - 1)];
}

describe('StepUpDialog', () => {
  it('asks for the code when the server wants a fresh factor, then sends the same call again without losing the input', async () => {
    const { calls } = mockFetch({
      'PUT /api/admin/bank-settings': settingsRoute([REFUSED, { body: { four_eyes_above: 500000 } }]),
      'GET /api/me/factors': { body: { factors: [PHONE], recovery_codes_left: 10, required: false, enrolment_required: false } },
      'POST /api/step-up': { body: { factor_verified_at: '2027-03-10T11:00:00Z', fresh_until: '2027-03-10T11:05:00Z', detail: 'Thank you' } },
    });
    renderWithProviders(
      <>
        <ThresholdForm />
        <StepUpDialog />
      </>,
    );
    fireEvent.change(screen.getByLabelText('Threshold'), { target: { value: '500000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    expect(dialog.textContent).toContain('To change the Bank Settings, confirm it is you');
    fireEvent.change(await screen.findByLabelText('Code from your authenticator app'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByText('Saved 500000');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('Threshold').value).toBe('500000');
    const puts = calls.filter((call) => call.method === 'PUT');
    expect(puts.map((call) => [call.body, call.headers['Idempotency-Key']])).toEqual([
      [{ four_eyes_above: 500000 }, 'key-1'],
      [{ four_eyes_above: 500000 }, 'key-1'],
    ]);
    expect(calls.find((call) => call.url === '/api/step-up')?.body).toEqual({ otp: '123456' });
  });

  it("keeps the dialog open with the server's words when the code is wrong", async () => {
    mockFetch({
      'PUT /api/admin/bank-settings': REFUSED,
      'GET /api/me/factors': { body: { factors: [PHONE], recovery_codes_left: 10, required: false, enrolment_required: false } },
      'POST /api/step-up': { status: 401, body: { detail: 'That code is not right.', code: 'wrong_code', fields: {} } },
    });
    renderWithProviders(
      <>
        <ThresholdForm />
        <StepUpDialog />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    fireEvent.change(screen.getByLabelText('Recovery code'), { target: { value: 'abcd-efgh-ijkl-mnop' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toBe('That code is not right.');
    expect(screen.getByRole('dialog', { name: 'Confirm it is you' })).toBeDefined();
  });

  it('cancelled, the refusal stands and the call is not sent again', async () => {
    const { calls } = mockFetch({
      'PUT /api/admin/bank-settings': REFUSED,
      'GET /api/me/factors': { body: { factors: [PHONE], recovery_codes_left: 10, required: false, enrolment_required: false } },
    });
    renderWithProviders(
      <>
        <ThresholdForm />
        <StepUpDialog />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await screen.findByText(/^Failed: To change the Bank Settings/);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
  });

  it('tells a person without any factor to add one first, and offers no code field', async () => {
    mockFetch({
      'PUT /api/admin/bank-settings': {
        status: 403,
        body: { detail: 'To change the Bank Settings, the bank asks for a second factor ..., and you have none: add one on the Security screen first.', code: 'step_up_required', fields: {} },
      },
      'GET /api/me/factors': { body: { factors: [], recovery_codes_left: 0, required: false, enrolment_required: false } },
    });
    renderWithProviders(
      <>
        <ThresholdForm />
        <StepUpDialog />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const close = await screen.findByRole('button', { name: 'Close' });
    expect(screen.getByRole('dialog').textContent).toContain('you have none');
    expect(screen.queryByLabelText('Code from your authenticator app')).toBeNull();
    fireEvent.click(close);
    await screen.findByText(/^Failed: /);
  });
});
