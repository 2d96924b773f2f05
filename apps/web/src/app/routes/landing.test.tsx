// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../test/setup-dom.ts';
import { mockBackend, renderAt } from '../../test/render.tsx';
import { Component as Landing } from './landing.tsx';

describe('the public site (spec §2 visitor shell; issue 14 §3)', () => {
  it('has the signed-out bottom bar: register, and contact opening the LINE account in a new tab', async () => {
    mockBackend({});
    renderAt(<Landing />, { path: '/' });
    const bar = screen.getByTestId('visitor-bottom-bar');
    const contact = await within(bar).findByTestId('bottom-contact');
    expect(contact.getAttribute('href')).toBe('https://line.me/R/ti/p/@sabai.demo');
    expect(contact.getAttribute('target')).toBe('_blank');
    expect(contact.getAttribute('rel')).toContain('noopener');
    fireEvent.click(within(bar).getByTestId('bottom-register'));
    expect(screen.getByTestId('register-slide-in')).toBeTruthy();
  });

  it('registers in the slide-in itself (spec "two slide-in forms"), not a teaser that leaves the page', async () => {
    mockBackend({});
    renderAt(<Landing />, { path: '/' });
    fireEvent.click(screen.getByTestId('topbar-register'));
    const panel = screen.getByTestId('register-slide-in');
    // The forms load as a chunk of their own when a slide-in opens.
    expect(await within(panel).findByTestId('register-step-1')).toBeTruthy();
    expect(within(panel).getByTestId('register-phone')).toBeTruthy();
    expect(within(panel).getByTestId('register-password')).toBeTruthy();
  });

  it('advertises only the categories the site offers (settings Product)', async () => {
    mockBackend({});
    renderAt(<Landing />, { path: '/' });
    await screen.findByText((_, element) => element?.getAttribute('data-testid') === 'landing-subtitle' && (element.textContent ?? '').startsWith('คาสิโนสดและสล็อต'));
    const categories = screen.getByTestId('landing-categories');
    expect(categories.textContent).not.toContain('โป๊กเกอร์');
    expect(categories.textContent).not.toContain('เทรด');
  });
});
