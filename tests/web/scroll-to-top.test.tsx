import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { Link, MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { ScrollToTop } from '../../src/app/ScrollToTop.tsx';

function Back() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(-1)}>
      Back
    </button>
  );
}

const app = () =>
  render(
    <MemoryRouter initialEntries={['/']}>
      <ScrollToTop />
      <Routes>
        <Route path="/" element={<Link to="/rules">Rules</Link>} />
        <Route
          path="/rules"
          element={
            <>
              <Link to="/rules#faq">FAQ</Link>
              <Back />
              <h2 id="faq">FAQ</h2>
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );

describe('a new page', () => {
  afterEach(() => vi.restoreAllMocks());

  it('opens at its top after a link, not after back or a #fragment', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    app();
    // The first page is the browser's (a full load, or its restoring).
    expect(scrollTo).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('link', { name: 'Rules' }));
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    fireEvent.click(screen.getByRole('link', { name: 'FAQ' }));
    expect(scrollTo).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });

  it('brings a #fragment into view once its element is there, and again when the page above it grows', () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const into = vi.fn();
    const jsdomHasNone = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = into;
    onTestFinished(() => {
      Element.prototype.scrollIntoView = jsdomHasNone;
      vi.useRealTimers();
    });
    let top = 400;
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(() => ({ top }) as DOMRect);
    app();
    fireEvent.click(screen.getByRole('link', { name: 'Rules' }));
    fireEvent.click(screen.getByRole('link', { name: 'FAQ' }));
    vi.advanceTimersByTime(20);
    expect(into).toHaveBeenCalledTimes(1);
    expect(into.mock.contexts[0]).toBe(screen.getByRole('heading', { name: 'FAQ' }));
    vi.advanceTimersByTime(100);
    expect(into).toHaveBeenCalledTimes(1);
    // A section above finished loading and pushed it down.
    top = 900;
    vi.advanceTimersByTime(20);
    expect(into).toHaveBeenCalledTimes(2);
    // The reader scrolls: the page is theirs.
    fireEvent.wheel(window);
    top = 50;
    vi.advanceTimersByTime(100);
    expect(into).toHaveBeenCalledTimes(2);
  });
});
