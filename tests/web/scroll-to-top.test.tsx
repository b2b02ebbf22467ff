import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
});
