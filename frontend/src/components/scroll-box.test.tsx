import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ScrollBox } from '@/components/scroll-box';

describe('ScrollBox', () => {
  it('is a named region that Tab reaches, so the arrow keys can scroll a wide table', async () => {
    const user = userEvent.setup();
    render(
      <ScrollBox label="All loans">
        <table>
          <tbody>
            <tr>
              <td>Loan #1</td>
            </tr>
          </tbody>
        </table>
      </ScrollBox>,
    );
    const region = screen.getByRole('region', { name: 'All loans' });
    expect(region.className).toBe('table-wrap');
    await user.tab();
    expect(document.activeElement).toBe(region);
    expect(region.textContent).toBe('Loan #1');
  });
});
