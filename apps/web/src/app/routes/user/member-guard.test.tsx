// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import '../../../test/setup-dom.ts';
import { signIn } from '../../../test/render.tsx';
import { sessionStore } from '../../../lib/session.ts';
import { Component as MemberGuard } from './member-guard.tsx';

const at = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/" element={<p data-testid="landing">landing</p>} />
        <Route path="/user" element={<MemberGuard />}>
          <Route path="account" element={<p data-testid="member-page">account</p>} />
          <Route path="deposit" element={<p data-testid="member-page">deposit</p>} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );

afterEach(() => sessionStore.clear());

describe('the member pages’ one guard (issue 10 §7)', () => {
  it.each(['/user/account', '/user/deposit'])('sends a visitor from %s to the public site (spec §2)', (path) => {
    at(path);
    expect(screen.getByTestId('landing')).toBeTruthy();
    expect(screen.queryByTestId('member-page')).toBeNull();
  });

  it('shows a signed-in member the page', () => {
    signIn();
    at('/user/account');
    expect(screen.getByTestId('member-page').textContent).toBe('account');
  });
});
