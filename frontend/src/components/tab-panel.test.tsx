import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TabPanel } from '@/components/tab-panel';

const HEADER_BOTTOM = 64; // the sticky header's bottom edge in the window
const GAP = 16; // the room TabPanel keeps below it

/** Where the page is scrolled and where the panel's top is drawn in the window (jsdom lays out nothing). */
function layout({ scrollY, panelTop }: { scrollY: number; panelTop: number }) {
  vi.stubGlobal('scrollY', scrollY);
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const top = this.classList.contains('app-header') ? 0 : this.classList.contains('tab-panel') ? panelTop : 0;
    const bottom = this.classList.contains('app-header') ? HEADER_BOTTOM : top + 500;
    return { top, bottom, left: 0, right: 800, x: 0, y: top, width: 800, height: bottom - top, toJSON: () => ({}) };
  });
}

function Page({ tab, startAtTop }: { tab: string; startAtTop?: boolean }) {
  return (
    <>
      <header className="app-header">Guild Bank</header>
      <TabPanel idPrefix="admin" id={tab} startAtTop={startAtTop}>
        <h2>{tab}</h2>
      </TabPanel>
    </>
  );
}

describe('TabPanel', () => {
  let scrollTo: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is the tab panel its tab names', () => {
    layout({ scrollY: 0, panelTop: 120 });
    render(<Page tab="report" startAtTop />);
    const panel = screen.getByRole('tabpanel');
    expect(panel.id).toBe('admin-panel-report');
    expect(panel.getAttribute('aria-labelledby')).toBe('admin-tab-report');
  });

  it('with startAtTop, scrolls a tab chosen far down the page up to its heading, just below the sticky header', () => {
    layout({ scrollY: 0, panelTop: 120 });
    const { rerender } = render(<Page tab="report" startAtTop />);
    expect(scrollTo).not.toHaveBeenCalled();

    // the admin scrolled 1,500 px down the Report: the panel's top is far above the window
    layout({ scrollY: 1500, panelTop: -1380 });
    rerender(<Page tab="audit" startAtTop />);
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenCalledWith({ top: 1500 - 1380 - HEADER_BOTTOM - GAP });
  });

  it('leaves the page alone when the new tab already starts below the header, or the page is at its top', () => {
    layout({ scrollY: 40, panelTop: 120 });
    const { rerender } = render(<Page tab="report" startAtTop />);
    rerender(<Page tab="audit" startAtTop />);
    layout({ scrollY: 0, panelTop: -20 });
    rerender(<Page tab="officers" startAtTop />);
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('without startAtTop (the player dashboard) keeps the page where it is', () => {
    layout({ scrollY: 1500, panelTop: -1380 });
    const { rerender } = render(<Page tab="my-loans" />);
    rerender(<Page tab="my-savings" />);
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
