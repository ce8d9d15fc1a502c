import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdSubmitsUntilInteractive, releaseHeldSubmits } from './held-submits.ts';

function loginForm() {
  document.body.innerHTML = `
    <form method="post">
      <input name="account" value="">
      <input name="password" type="password" value="">
      <input name="agree" type="checkbox">
      <button type="submit">Sign in</button>
    </form>`;
  const form = document.querySelector('form') as HTMLFormElement;
  const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement;
  return { form, account: field('account'), password: field('password'), agree: field('agree') };
}

const type = (input: HTMLInputElement, value: string) => {
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true }));
};

afterEach(() => {
  releaseHeldSubmits();
  document.body.innerHTML = '';
});

describe('forms before the app is interactive', () => {
  it('holds a submit, puts back what hydration reset, then submits through the app', () => {
    const { form, account, password, agree } = loginForm();
    account.value = '13800138000'; // typed before the entry script ran
    holdSubmitsUntilInteractive();
    type(password, 'Pw-secret-1');
    agree.click();
    const native = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(native);
    expect(native.defaultPrevented).toBe(true);

    // Hydration: the form library resets the fields to its defaults and listens from now on.
    account.value = '';
    password.value = '';
    agree.checked = false;
    const seen: string[] = [];
    form.addEventListener('input', (e) => seen.push((e.target as HTMLInputElement).name));
    const submitted = vi.fn((e: Event) => e.preventDefault());
    form.addEventListener('submit', submitted);

    releaseHeldSubmits();
    expect(account.value).toBe('13800138000');
    expect(password.value).toBe('Pw-secret-1');
    expect(agree.checked).toBe(true);
    expect(seen).toEqual(expect.arrayContaining(['account', 'password']));
    expect(submitted).toHaveBeenCalledTimes(1);
  });

  it('lets submits through once released, and submits nothing that was not held', () => {
    const { form } = loginForm();
    holdSubmitsUntilInteractive();
    const submitted = vi.fn((e: Event) => e.preventDefault());
    form.addEventListener('submit', submitted);
    releaseHeldSubmits();
    expect(submitted).not.toHaveBeenCalled();
    const later = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(later);
    expect(submitted).toHaveBeenCalledTimes(1);
    expect(later.defaultPrevented).toBe(true); // by the app's handler, not by the hold
  });
});
